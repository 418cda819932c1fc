import { parseWordLimit, splitReferences, type ChecklistItem, type FailureType, type Verdict, type VerdictToken } from "@arena/core";
import { dateMatches, datesIn, numberMatches, numbersIn } from "../facts";
import { containsPhrase, contentTokens, tokenCoverage } from "../text";
import type { JudgeInput } from "../types";

/**
 * Heuristic judgement by checklist matching (SPEC §4 / §12), deterministic and offline.
 *
 * Matching an item against an answer:
 * - depth (entity): the name or an alias as a whole phrase after normalisation (case, punctuation,
 *   diacritics), or ≥ ENTITY_COVERAGE of the name's content words (stop words ignored);
 * - width: a date detail matches the same date in any format (ISO prefix precision); a numeric
 *   detail matches when every number in it appears within 1 %; a named item as a phrase or by
 *   ≥ NAME_COVERAGE of its words; a key statement by ≥ STATEMENT_COVERAGE of its content words.
 *
 * Decision (hard constraints first):
 * - depth score d = entities found / entities, width score w = facts found / facts; "hard" = d + w.
 *   An answer "misses the target entities" when d < 0.5 (fewer than half of them found).
 * - Both miss the target entities → Tie LOW whatever their fact counts (SPEC §4: both wrong
 *   entity; facts about the wrong entities are not a basis to rank them).
 * - MUCH_BETTER: the winner has every entity and every fact (d = w = 1: the paper's "never
 *   MUCH_BETTER if the winner has a factual error", where a missing or wrong fact is an error),
 *   and the loser misses the entities (d ≤ 0.5) or trails on width by ≥ 0.5 (missed major items).
 * - BETTER: hard scores differ by at least one checklist item's worth.
 * - Loser failure type: DEEP if it trails only on entities, WIDE only on facts, BOTH on both,
 *   NONE when it lost on soft criteria only.
 * - Equal hard scores: soft points decide — headings 1, lists 1, length within [min, max·1.25] 1,
 *   ≥ 1 citation 1, ≥ 3 citations 1 — a lead of ≥ 1 point is BETTER with loser NONE; equal soft
 *   points → Tie, HIGH only when both satisfy every item (d = w = 1), LOW otherwise.
 * Factual errors are not detected beyond missing items (a wrong number simply does not match).
 */
const ENTITY_COVERAGE = 0.6;
const NAME_COVERAGE = 0.75;
const STATEMENT_COVERAGE = 0.5;
const LENGTH_TOLERANCE = 1.25;

export interface ItemResult {
  item: ChecklistItem;
  found: boolean;
}

export interface AnswerScore {
  depth: ItemResult[];
  width: ItemResult[];
  d: number;
  w: number;
  soft: number;
  softNotes: string[];
}

export function entityFound(answer: string, item: ChecklistItem): boolean {
  const names = [item.item, ...(item.aliases ?? [])];
  if (names.some((n) => containsPhrase(answer, n))) return true;
  return contentTokens(item.item).length > 0 && tokenCoverage(answer, item.item) >= ENTITY_COVERAGE;
}

/** An answer's text with its dates and numbers parsed once (date parsing dominates judging). */
export interface AnswerFacts {
  text: string;
  dateIsos: string[];
  numbers: number[];
}

export function answerFacts(text: string): AnswerFacts {
  return { text, dateIsos: datesIn(text).map((d) => d.iso), numbers: numbersIn(text) };
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
  if (/^#{1,6}\s+\S/m.test(answer)) notes.push("headings");
  if (/^\s*(?:[-*+]|\d+[.)])\s+\S/m.test(answer)) notes.push("lists");
  const words = answer.split(/\s+/).filter(Boolean).length;
  if (limit && words >= limit.min && words <= limit.max * LENGTH_TOLERANCE) notes.push(`length ${words} words within limit`);
  if (citations >= 1) notes.push(`${citations} citation${citations === 1 ? "" : "s"}`);
  if (citations >= 3) notes.push("citation density");
  return { points: notes.length, notes };
}

export function scoreAnswer(answer: string, citations: number, input: JudgeInput): AnswerScore {
  const { body } = splitReferences(answer);
  const facts = answerFacts(body);
  const depth = input.checklistDepth.map((item) => ({ item, found: entityFound(body, item) }));
  const width = input.checklistWidth.map((item) => ({ item, found: factFound(facts, item) }));
  const frac = (r: ItemResult[]) => (r.length === 0 ? 1 : r.filter((x) => x.found).length / r.length);
  const soft = softPoints(answer, citations, parseWordLimit(input.wordLimitInstruction));
  return { depth, width, d: frac(depth), w: frac(width), soft: soft.points, softNotes: soft.notes };
}

const complete = (s: AnswerScore) => s.d === 1 && s.w === 1;
const missesEntities = (s: AnswerScore) => s.d < 0.5;

export function judgeHeuristically(input: JudgeInput): Verdict {
  const a = scoreAnswer(input.answerA, input.citationsA, input);
  const b = scoreAnswer(input.answerB, input.citationsB, input);
  const counts = `${describe("A", a)} ${describe("B", b)}`;
  if (missesEntities(a) && missesEntities(b)) {
    return verdict("[[Tie]]", "LOW", "NONE", `${counts} Both miss the target entities: low-quality tie.`);
  }
  const unit = 1 / Math.max(1, input.checklistDepth.length + input.checklistWidth.length);
  const hardGap = a.d + a.w - (b.d + b.w);
  if (Math.abs(hardGap) >= unit - 1e-9) {
    const [win, lose, side] = hardGap > 0 ? ([a, b, "A"] as const) : ([b, a, "B"] as const);
    const much = complete(win) && (lose.d <= 0.5 || win.w - lose.w >= 0.5);
    const failure: FailureType = lose.d < win.d && lose.w < win.w ? "BOTH" : lose.d < win.d ? "DEEP" : lose.w < win.w ? "WIDE" : "NONE";
    return verdict(`[[${side}_${much ? "MUCH_BETTER" : "BETTER"}]]`, "N/A", failure, `${counts} Hard constraints decide: ${side} covers more of the checklists${much ? " decisively" : ""}.`);
  }
  const softGap = a.soft - b.soft;
  const soft = `Soft criteria: A ${a.soft} (${a.softNotes.join(", ") || "none"}), B ${b.soft} (${b.softNotes.join(", ") || "none"}).`;
  if (softGap !== 0) {
    const side = softGap > 0 ? "A" : "B";
    return verdict(`[[${side}_BETTER]]`, "N/A", "NONE", `${counts} Equal hard scores. ${soft} ${side} wins on presentation.`);
  }
  const high = complete(a) && complete(b);
  return verdict("[[Tie]]", high ? "HIGH" : "LOW", "NONE", `${counts} Equal hard scores. ${soft} ${high ? "Both satisfy every item" : "Both fall short on the checklists"}.`);
}

function describe(side: string, s: AnswerScore): string {
  const missing = [...s.depth, ...s.width].filter((r) => !r.found).map((r) => r.item.item);
  const found = (r: ItemResult[]) => r.filter((x) => x.found).length;
  return (
    `${side}: entities ${found(s.depth)}/${s.depth.length}, facts ${found(s.width)}/${s.width.length}` +
    (missing.length ? ` (missing: ${missing.slice(0, 4).join("; ")}${missing.length > 4 ? "; …" : ""}).` : ".")
  );
}

function verdict(token: VerdictToken, tie: Verdict["tie_quality"], failure: FailureType, reasoning: string): Verdict {
  return { verdict: token, tie_quality: tie, loser_failure_type: failure, reasoning: `Heuristic checklist matching. ${reasoning}` };
}
