import {
  parseWordLimit,
  sentences,
  splitReferences,
  type ChecklistItem,
  type FailureType,
  type Verdict,
  type VerdictToken,
} from "@arena/core";
import { dateMatches, datesIn, numberMatches, numbersIn } from "../facts";
import { urlKey } from "@arena/core/citations";
import { containsPhrase, contentTokens, tokenCoverage } from "../text";
import type { JudgeInput } from "../types";

/**
 * Heuristic judgement by checklist matching (docs/method.md §4 / §12), deterministic and offline.
 *
 * Matching an item against an answer's body (References section and URLs never count):
 * - depth (entity): the name or an alias as a whole phrase after normalisation (case, punctuation,
 *   diacritics), or ≥ ENTITY_COVERAGE of the name's content words including one of its own (words
 *   shared with the other targets are no evidence, nor are words inside another capitalised name:
 *   "Kianaecuv Point Lighthouse" does not name "Gestoukeir Point Lighthouse");
 * - width: a date detail matches the same date in any format (ISO prefix precision); a numeric
 *   detail matches when every number in it appears within 1 %; a named item as a phrase or by
 *   ≥ NAME_COVERAGE of its words; a key statement by ≥ STATEMENT_COVERAGE of its content words.
 * - a wrong figure: a numeric or date fact not found, where a sentence of the answer names the
 *   fact (≥ NAME_COVERAGE of its label's words) and gives another number (the paper's "invented
 *   or wrong figure", an error worse than a gap).
 *
 * Decision, entity first (the paper: "the winner must identify the target"; a wrong entity "loses
 * on DEEP whatever its facts"):
 * - facts are credited only for an entity the answer identified (the depth item with the fact's
 *   source page; a fact of no target page needs one identified target);
 * - more entities identified wins, whatever the facts; then more credited facts; then fewer wrong
 *   figures; the loser's failure type says what it lacks: DEEP (entities), WIDE (facts found as
 *   text, or wrong figures), BOTH;
 * - MUCH_BETTER: the winner has every entity and every fact and no wrong figure, and the loser
 *   misses an entity or trails on credited facts by ≥ 0.5;
 * - level on the checklists and both missing target entities, or both stating wrong figures: Tie
 *   LOW (mutual failure, which presentation does not rank);
 * - otherwise level on the checklists: soft points decide (headings, lists, ≥ 1 citation, ≥ 3 citations;
 *   minus one for a length far outside the requested range, below half its minimum or above twice
 *   its maximum — never a point for length, so padding gains nothing), a lead is BETTER, loser NONE;
 * - equal soft points: Tie, HIGH when both identify every target and report most facts (small
 *   gaps are HIGH), LOW when either reports fewer than half of them.
 */
const ENTITY_COVERAGE = 0.6;
const NAME_COVERAGE = 0.75;
const STATEMENT_COVERAGE = 0.5;
/** "Far outside the requested range" (prompt v2's soft constraints): below min/2 or above 2·max. */
const LENGTH_EXTREME = 2;

export interface ItemResult {
  item: ChecklistItem;
  found: boolean;
}

export interface FactResult extends ItemResult {
  /** Found, and about an entity the answer identified (only these count towards the verdict). */
  credited: boolean;
  /** Not found, while a sentence names the fact with another figure. */
  wrong: boolean;
}

export interface AnswerScore {
  depth: ItemResult[];
  width: FactResult[];
  /** Share of the target entities identified. */
  d: number;
  /** Share of the facts credited (found for an identified entity). */
  w: number;
  /** Wrong figures stated. */
  errors: number;
  soft: number;
  softNotes: string[];
}

/**
 * An entity counts as named only by the answer's own words: link targets and bare URLs
 * are removed (a page's slug, "…/wialogist-coast/", is not the answer naming it), a Markdown link
 * keeps its text. The References section is removed by the callers (`splitReferences`).
 */
export function withoutUrls(text: string): string {
  return text
    .replace(/\]\(https?:\/\/[^)\s]*\)?/gi, "]")
    .replace(/<https?:\/\/[^>\s]*>?/gi, " ")
    .replace(/https?:\/\/\S*/gi, " ");
}

/**
 * Whether the text names the entity: its name or an alias as a whole phrase, or most of the name's
 * content words. Words the name shares with the other target entities (`others`: "Lighthouses of
 * the Zuriar Coast" beside "Lighthouses of the Wialogist Coast") are no evidence on their own: a
 * match by coverage also needs one of the name's own words, when it has any.
 */
export function entityFound(answer: string, item: ChecklistItem, others: readonly ChecklistItem[] = []): boolean {
  const text = withoutUrls(answer);
  const names = [item.item, ...(item.aliases ?? [])];
  // a page without a title is named by its address, which the answer can only name by writing it
  if (names.some((n) => (/^https?:\/\//i.test(n) ? containsPhrase(answer, n) : containsPhrase(text, n)))) return true;
  const words = contentTokens(item.item);
  if (words.length === 0 || tokenCoverage(text, item.item) < ENTITY_COVERAGE) return false;
  // the name's words inside another name are no evidence: "Kianaecuv Point Lighthouse" is not "Gestoukeir Point Lighthouse"
  const own = withoutOtherNames(text, new Set(words));
  if (tokenCoverage(own, item.item) < ENTITY_COVERAGE) return false;
  const shared = new Set(others.filter((o) => o !== item).flatMap((o) => contentTokens(o.item)));
  const distinct = words.filter((w) => !shared.has(w));
  return distinct.length === 0 || distinct.some((w) => containsPhrase(own, w));
}

/** Words that join the parts of one name ("Restoration of 1906 at Cuzia Lighthouse", "Lighthouses of the Wialogist Coast"). */
const NAME_JOINERS = new Set(["of", "at", "the", "de", "la", "le", "von", "van", "and", "&"]);

/**
 * The text without the names that hold a word foreign to `words`: runs of capitalised words
 * (with joiners and years inside) are another entity's name when one of their words is not the
 * entity's. One pass over the words, so linear in the text.
 */
function withoutOtherNames(text: string, words: ReadonlySet<string>): string {
  const out: string[] = [];
  let run: string[] = [];
  let foreign = false;
  const flush = () => {
    if (!foreign) out.push(...run);
    run = [];
    foreign = false;
  };
  for (const raw of text.split(/\s+/)) {
    const core = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
    const capital = /^\p{Lu}/u.test(core);
    if (capital || (run.length && (NAME_JOINERS.has(core.toLowerCase()) || /^\d{1,4}$/.test(core)) && core === raw)) {
      run.push(raw);
      // single letters and joiners are no evidence either way
      if (capital && !NAME_JOINERS.has(core.toLowerCase())) for (const t of contentTokens(core)) if (!words.has(t)) foreign = true;
      if (core !== raw && /[.,;:!?)\]]$/.test(raw)) flush();
    } else {
      flush();
      out.push(raw);
    }
  }
  flush();
  return out.join(" ");
}

/** An answer's text with its dates and numbers parsed once (date parsing dominates judging). */
export interface AnswerFacts {
  text: string;
  dateIsos: string[];
  numbers: number[];
}

export function answerFacts(text: string): AnswerFacts {
  return {
    text,
    dateIsos: datesIn(text)
      .filter((d) => !inName(text, d))
      .map((d) => d.iso),
    numbers: numbersIn(withoutLabels(text)),
  };
}

/** "Entity 2: …" numbers the question's targets and "[2]" a source: neither is a figure the answer states. */
const withoutLabels = (text: string) =>
  text.replace(/\bentity\s{1,3}\d{1,2}\b/gi, "entity").replace(/\[\d{1,3}(?:[,;–-] ?\d{1,3}){0,20}\]/g, " ");

/** A bare year inside a name ("the Restoration of 1906 at Cuzia Lighthouse", "Class of 1999") dates nothing the answer states. */
function inName(text: string, d: { text: string; index: number }): boolean {
  return /^\d{4}$/.test(d.text) && /\p{Lu}[\p{L}'’-]* of $/u.test(text.slice(Math.max(0, d.index - 42), d.index));
}

export function factFound(answer: string | AnswerFacts, item: ChecklistItem): boolean {
  const detail = item.detail.trim();
  if (!detail) return false;
  const a = typeof answer === "string" ? answerFacts(answer) : answer;
  const dates = datesIn(detail);
  if (dates.length > 0 && dates[0]!.text.length >= detail.replace(/[.\s]+$/, "").length - 2) {
    return dates.every((d) => dateMatches(d.iso, a.dateIsos));
  }
  const words = contentTokens(detail);
  const numbers = numbersIn(detail);
  const numericOnly = numbers.length > 0 && words.filter((w) => !/^\d+$/.test(w)).length <= 3;
  if (numericOnly) return numbers.every((n) => numberMatches(n, a.numbers));
  if (containsPhrase(a.text, detail)) return true;
  const threshold = words.length > 6 ? STATEMENT_COVERAGE : NAME_COVERAGE;
  return words.length > 0 && tokenCoverage(a.text, detail) >= threshold;
}

function softPoints(answer: string, citations: number, limit: { min: number; max: number } | null): { points: number; notes: string[] } {
  const notes: string[] = [];
  let points = 0;
  const note = (text: string, value: number) => {
    notes.push(text);
    points += value;
  };
  if (/^#{1,6}\s+\S/m.test(answer)) note("headings", 1);
  if (/^\s*(?:[-*+]|\d+[.)])\s+\S/m.test(answer)) note("lists", 1);
  if (citations >= 1) note(`${citations} citation${citations === 1 ? "" : "s"}`, 1);
  if (citations >= 3) note("citation density", 1);
  const words = answer.split(/\s+/).filter(Boolean).length;
  if (limit && (words < limit.min / LENGTH_EXTREME || words > limit.max * LENGTH_EXTREME))
    note(`−1: ${words} words, far outside ${limit.min}-${limit.max}`, -1);
  return { points, notes };
}

/** Words of a fact's label that name it ("Entity 2: battery life" → battery, life). */
function labelWords(label: string): string[] {
  return contentTokens(label.replace(/^\s*entity\s+\d+\s*:/i, "")).filter((w) => !/^\d+$/.test(w));
}

/** A numeric or date fact the answer states with another figure, in a sentence naming the fact. */
function statesWrongFigure(sentencesOfBody: readonly string[], item: ChecklistItem): boolean {
  if (numbersIn(item.detail).length === 0) return false;
  const words = labelWords(item.item);
  if (words.length < 2) return false;
  const label = words.join(" ");
  return sentencesOfBody.some((s) => numbersIn(withoutLabels(s)).length > 0 && tokenCoverage(s, label) >= NAME_COVERAGE);
}

/** The depth item a fact belongs to: the target whose page the fact comes from. */
function ownerOf(fact: ChecklistItem, depth: readonly ChecklistItem[]): ChecklistItem | null {
  if (depth.length === 1) return depth[0]!;
  return depth.find((d) => d.sourceUrl && urlKey(d.sourceUrl) === urlKey(fact.sourceUrl)) ?? null;
}

export function scoreAnswer(answer: string, citations: number, input: JudgeInput): AnswerScore {
  // entityFound removes URLs itself (it keeps them for an entity named by its address)
  const { body } = splitReferences(answer);
  const text = withoutUrls(body);
  const facts = answerFacts(text);
  const depth = input.checklistDepth.map((item) => ({ item, found: entityFound(body, item, input.checklistDepth) }));
  const identified = new Set(depth.filter((r) => r.found).map((r) => r.item));
  const lines = sentences(text);
  const width = input.checklistWidth.map((item): FactResult => {
    const found = factFound(facts, item);
    const owner = ownerOf(item, input.checklistDepth);
    // a fact of no target page (an llm key may have one) counts once the answer identified a target
    const credited = found && (owner ? identified.has(owner) : identified.size > 0);
    return { item, found, credited, wrong: !found && statesWrongFigure(lines, item) };
  });
  const share = (n: number, of: number) => (of === 0 ? 1 : n / of);
  const soft = softPoints(answer, citations, parseWordLimit(input.wordLimitInstruction));
  return {
    depth,
    width,
    d: share(identified.size, depth.length),
    w: share(width.filter((f) => f.credited).length, width.length),
    errors: width.filter((f) => f.wrong).length,
    soft: soft.points,
    softNotes: soft.notes,
  };
}

const count = (rs: readonly ItemResult[]) => rs.filter((r) => r.found).length;
const complete = (s: AnswerScore) => s.d === 1 && s.w === 1 && s.errors === 0;

export function judgeHeuristically(input: JudgeInput): Verdict {
  const a = scoreAnswer(input.answerA, input.citationsA, input);
  const b = scoreAnswer(input.answerB, input.citationsB, input);
  const counts = `${describe("A", a)} ${describe("B", b)}`;
  const eps = 1e-9;
  // entity first, then credited facts, then wrong figures: the first that differs decides
  const order: Array<[number, string]> = [
    [a.d - b.d, "identifies more of the target entities"],
    [a.w - b.w, "reports more facts about the entities it identified"],
    [b.errors - a.errors, "states fewer wrong figures"],
  ];
  const decisive = order.find(([gap]) => Math.abs(gap) > eps);
  if (decisive) {
    const [gap, why] = decisive;
    const [win, lose, side] = gap > 0 ? ([a, b, "A"] as const) : ([b, a, "B"] as const);
    const much = complete(win) && (lose.d < 1 || win.w - lose.w >= 0.5);
    const deep = lose.d < win.d;
    const wide = count(lose.width) < count(win.width) || lose.errors > win.errors;
    const failure: FailureType = deep && wide ? "BOTH" : deep ? "DEEP" : wide ? "WIDE" : "NONE";
    return verdict(
      `[[${side}_${much ? "MUCH_BETTER" : "BETTER"}]]`,
      "N/A",
      failure,
      `${counts} Hard constraints decide: ${side} ${why}${much ? ", decisively" : ""}.`,
    );
  }
  // level and both without the targets (or both inventing figures): a mutual failure, which
  // presentation does not rank
  if ((a.d < 1 && b.d < 1) || (a.errors > 0 && b.errors > 0)) {
    return verdict(
      "[[Tie]]",
      "LOW",
      "NONE",
      `${counts} Equal on the checklists. Both ${a.d < 1 && b.d < 1 ? "miss the target entities" : "state wrong figures"}: low-quality tie.`,
    );
  }
  const softGap = a.soft - b.soft;
  const soft = `Soft criteria: A ${a.soft} (${a.softNotes.join(", ") || "none"}), B ${b.soft} (${b.softNotes.join(", ") || "none"}).`;
  if (softGap !== 0) {
    const side = softGap > 0 ? "A" : "B";
    return verdict(`[[${side}_BETTER]]`, "N/A", "NONE", `${counts} Equal on the checklists. ${soft} ${side} wins on presentation.`);
  }
  // here both identify every target with no wrong figure, and they report the same share of facts
  const low = a.w < 0.5;
  return verdict(
    "[[Tie]]",
    low ? "LOW" : "HIGH",
    "NONE",
    `${counts} Equal on the checklists. ${soft} ${low ? "Both fall short (most facts missing)" : "Both identify every target and report most facts"}.`,
  );
}

function describe(side: string, s: AnswerScore): string {
  const missing = [...s.depth, ...s.width].filter((r) => !r.found).map((r) => r.item.item);
  const credited = s.width.filter((f) => f.credited).length;
  const found = count(s.width);
  return (
    `${side}: entities ${count(s.depth)}/${s.depth.length}, facts ${found}/${s.width.length}` +
    (credited < found ? `, ${credited} credited (the others are about an entity it did not identify)` : "") +
    (s.errors ? `, ${s.errors} wrong figure${s.errors === 1 ? "" : "s"}` : "") +
    (missing.length ? ` (missing: ${missing.slice(0, 4).join("; ")}${missing.length > 4 ? "; …" : ""}).` : ".")
  );
}

function verdict(token: VerdictToken, tie: Verdict["tie_quality"], failure: FailureType, reasoning: string): Verdict {
  return { verdict: token, tie_quality: tie, loser_failure_type: failure, reasoning: `Heuristic checklist matching. ${reasoning}` };
}
