import {
  domainOf,
  GENERIC_RELATIONSHIP,
  truncateWords,
  type ChecklistItem,
  type ContextNode,
  type GeneratedTask,
  type TaskContext,
} from "@arena/core";
import { extractFacts, type Fact, type FactKind } from "../facts";
import { hiddenTerms, MASK, maskText, revealed, reveals, type HiddenTerms } from "../mask";
import {
  cleanTitle,
  containsPhrase,
  contentTokens,
  decodeEntities,
  normalize,
  seededOrder,
  TITLE_SEPARATOR,
  titleAliases,
  tokens,
  unglue,
} from "../text";
import { memoized } from "../memo";
import { GenerationError } from "../types";
import { answerFacts, entityFound, factFound, type AnswerFacts } from "./judge";
import { askFor, labelledFacts } from "./attributes";
import { knownTask } from "./known";
import { cleanDescription, cleanSentences, hasMenuRun, plainSentences } from "./passages";

/**
 * Heuristic task generation (docs/method.md §12): an offline, deterministic stand-in for the LLM examiner.
 * It is NOT the paper's method; tasks carry `mode: "heuristic"`.
 *
 * - Targets: the pool's distinct entities (pages whose cleaned names or URLs repeat count once).
 * - checklist_depth: one item per target: its cleaned title, aliases from title segments and URL
 *   slug, and the identifying logic (the parent's relationship, the clue the question quotes).
 * - The question reads as a research question built only from clean passages (see passages.ts:
 *   no menus, no glued words): the chain below the root is described by its relationships and
 *   descriptions, never by title; each target by its relationship and one clean sentence about
 *   it that names none of the targets. Masking ("…") is a last resort: at most MAX_ELLIPSES per
 *   question.
 * - checklist_width: up to FACTS_PER_TARGET real attributes per target, taken from its clean
 *   sentences and checked to appear in its page: numbers with units, dates, names of at most four
 *   words, else a short closing phrase of a sentence; on thin pages also attributes stated by label
 *   (author, developer, a citation's year). Each is asked as an attribute of the entity ("how many
 *   openings are projected each year", "when it was founded"; attributes.ts), never as a blank
 *   to fill in. A fact the question itself would give (as the judge reads it) is skipped.
 * The seed only chooses among candidate clues, facts and phrasings, so the same context and seed
 * always give the same task.
 */
const FACTS_PER_TARGET = 2;
const KIND_PREFERENCE: FactKind[] = ["number", "date", "name", "statement"];
const MAX_ELLIPSES = 2;
const MAX_NAME_WORDS = 4;
/** A labelled name may be longer: the label says where it starts ("Publisher: University of Minnesota Libraries Publishing"). */
const MAX_LABELLED_NAME_WORDS = 7;
const MAX_PHRASE_WORDS = 3;
const CLUE_WORDS = 40;

interface Target {
  node: ContextNode;
  name: string;
  aliases: string[];
  /** Every name the question must hide (name, context-free cleaned title, aliases). */
  maskNames: string[];
}

/**
 * A pool node as a target entity. Title segments that repeat a segment of the root topic or a
 * chain title are site or section names shared by the context ("… - Gold Medal Gymnastics
 * Center" on every page of one site), not names of this target: they are dropped from its name
 * and aliases. The context-free cleaned title is still hidden in questions (`maskNames`).
 */
function targetOf(node: ContextNode, ctx: Pick<TaskContext, "rootTopic" | "reasoningChain">): Target {
  const domain = domainOf(node.url);
  const context = ctx.reasoningChain.length > 0 ? [ctx.rootTopic, ...ctx.reasoningChain.map((n) => n.title)] : [];
  const shared = new Set(context.flatMap((t) => decodeEntities(t).split(TITLE_SEPARATOR)).map(normalize));
  const name = cleanTitle(node.title, node.url, domain, shared);
  const aliases = titleAliases(node.title, node.url, domain, shared);
  return { node, name, aliases, maskNames: [name, cleanTitle(node.title, node.url, domain), ...aliases] };
}

/** One target per entity: a page whose cleaned name or URL an earlier pool page has is left out. */
function distinctTargets(pool: Target[]): Target[] {
  const seen = new Set<string>();
  const out: Target[] = [];
  for (const t of pool) {
    const node = t.node;
    const keys = [`name:${normalize(t.name)}`, `url:${node.url}`];
    if (keys.some((k) => seen.has(k))) continue;
    for (const k of keys) seen.add(k);
    out.push(t);
  }
  return out;
}

/**
 * What the question must hide: every target's names and distinctive words. The root topic, chain
 * names and the crawler's relationship labels ("health/effects") are context the question may
 * use, unless the root itself is the target (a round at the root alone): then nothing is context.
 */
function contextHiddenTerms(ctx: TaskContext, targets: Target[]): HiddenTerms {
  const chain = ctx.reasoningChain.map((n) => cleanTitle(n.title, n.url, domainOf(n.url)));
  const labels = [...ctx.reasoningChain, ...ctx.aggregationPool].map((n) => n.relationship);
  const allowed = ctx.reasoningChain.length > 0 ? [ctx.rootTopic, ...chain, ...labels] : [];
  // chain pages below the root are described, never named: their full titles are hidden as phrases
  const chainNames = chainBelowRoot(ctx).map((n) => ({ name: cleanTitle(n.title, n.url, domainOf(n.url)), aliases: [] }));
  return hiddenTerms([...targets.map((t) => ({ name: t.name, aliases: t.maskNames })), ...chainNames], allowed);
}

/**
 * The words of the arena's own sentences around the quoted material. A target named "Overview"
 * is not revealed by "start from a general overview": every quoted part (topic, descriptions,
 * clues, fact requests) is checked or masked on its own, and the final check skips these words.
 */
export const TEMPLATE_WORDS: ReadonlySet<string> = new Set(
  (
    "within the subject of in field working topic start from a general overview and follow link listed under one its links " +
    "to resource described as then there distinct entities are linked single entity related an follows name each these this " +
    "explain which clues identify it report for figure date name term gives about how many what when who example broad reference " +
    "whose is itself be identified author developer publisher director editor creator composer manufacturer artist year " +
    "publication suggested citation gives uses mentions connection revision last updated release effective " +
    "begin with take as the starting point page on"
  ).split(" "),
);

/** Throws GenerationError (without calls; the examiner adds its record) when no valid task can be built. */
export function generateHeuristicTask(ctx: TaskContext, seed: string): GeneratedTask {
  if (ctx.aggregationPool.length === 0) throw new GenerationError("aggregation pool is empty", []);
  // a tree whose maker knows its entities (the synthetic world) gets questions from their facts
  for (let i = 0; i < 8; i++) {
    const known = knownTask(ctx, i === 0 ? seed : `${seed}#${i}`);
    if (known === null) break;
    if (!ctx.previousQuestions.includes(known.question)) return known;
  }
  const pool = ctx.aggregationPool.map((n) => targetOf(n, ctx));
  // every pool page's names stay hidden, also those of pages left out as repeats or as navigation
  const hidden = contextHiddenTerms(ctx, pool);
  const targets = distinctTargets(pool).filter((t) => !isNavigation(t.node));
  if (targets.length === 0)
    throw new GenerationError("every pool page is a navigation or listing page (search, tags, policies, newsletters, sign-in)", []);
  // the question has the width W asked for, or as many entities as the pool holds when it is smaller
  const wanted = Math.min(ctx.width, ctx.aggregationPool.length);
  if (targets.length < wanted)
    throw new GenerationError(`only ${targets.length} of the ${wanted} pool pages are distinct entities that are not navigation pages`, []);
  // A question identical to an earlier one in this match, or one where a target lost every fact
  // to the others' clues, is re-drawn with other clues and facts; the last reason is thrown.
  let failure: GenerationError | null = null;
  for (let i = 0; i < REDRAWS; i++) {
    try {
      const task = buildTask(ctx, targets, hidden, i === 0 ? seed : `${seed}#${i}`);
      if (!ctx.previousQuestions.includes(task.question) || i === REDRAWS - 1) return task;
    } catch (err) {
      if (!(err instanceof GenerationError)) throw err;
      failure = err;
    }
  }
  throw failure ?? new GenerationError("no question", []);
}

const REDRAWS = 8;

/**
 * Whether the heuristic can make a page a target on its own (TreeView.targetable): a page of the
 * synthetic world, or a page that is no navigation or listing page and has a fact to ask (its own
 * names hidden). A page may still lose its facts beside other targets: then generation fails.
 */
export function heuristicTarget(node: ContextNode): boolean {
  if (node.known) return true;
  return !isNavigation(node) && hasOwnFact(JSON.stringify([node.url, node.title, node.description, node.content])).yes;
}

const hasOwnFact = memoized((key: string): { yes: boolean } => {
  const [url, title, description, content] = JSON.parse(key) as [string, string, string, string];
  const t = targetOf(
    { nodeId: "", url, title, description, content, relationship: "", surroundingText: "" },
    { rootTopic: "", reasoningChain: [] },
  );
  const hidden = hiddenTerms([{ name: t.name, aliases: t.maskNames }], []);
  const entity: ChecklistItem = { item: t.name, detail: "", sourceUrl: url, aliases: t.aliases };
  return { yes: pickFacts(t, hidden, "", [answerFacts([t.name, ...t.aliases].join(". "))], [], new Budget(), [entity]).length > 0 };
}, 2_000_000);

/**
 * Navigation and listing pages are never targets: a site's search, tag, category and topic
 * listings, its shop, help and policy pages, newsletters, sign-in and application forms. Read from
 * the URL's path segments and the title's words, and from listing text ("1 - 10 of 823 Results").
 */
const NAV_PATH =
  /(?:^|\/)(?:search[\w-]*|tags?|category|categories|topics?|newsletters?|subscribe|login|log-in|signin|sign-in|signup|sign-up|register|account|cart|checkout|goto|sitemap|archives?|apply|contact(?:-us)?|privacy|terms|polic(?:y|ies)|legal|shop|store|help|faq)(?:[/?#._-]|$)/i;
const NAV_TITLE =
  /\b(?:search|newsletters?|sign[ -]?in|log[ -]?in|sign[ -]?up|subscribe|sales polic(?:y|ies)|privacy polic(?:y|ies)|terms (?:of|and) |apply now|sitemap|archives?|all topics|coverage|tag:|category:)\b/i;
const LISTING = /\b\d+\s*[-–]\s*\d+\s+of\s+[\d,]+\s+results\b/i;

export function isNavigation(node: Pick<ContextNode, "url" | "title" | "content">): boolean {
  let path = "";
  try {
    const u = new URL(node.url);
    path = `${u.pathname}${u.search}`;
  } catch {
    return false;
  }
  return NAV_PATH.test(path) || NAV_TITLE.test(node.title) || LISTING.test(node.content.slice(0, 2_000));
}

const ellipses = (text: string) => text.split(MASK).length - 1;

/** The ellipses a question may still spend on masked passages. */
class Budget {
  constructor(private left = MAX_ELLIPSES) {}
  /** Takes a masked text if its ellipses fit the budget. */
  take(masked: string): boolean {
    const cost = ellipses(masked);
    if (cost > this.left) return false;
    this.left -= cost;
    return true;
  }
}

interface Plan {
  chain: string[];
  clues: Array<string | null>;
  facts: PickedFact[][];
}

function buildTask(ctx: TaskContext, pool: Target[], hidden: HiddenTerms, seed: string): GeneratedTask {
  let plan = planTask(ctx, pool, hidden, seed, new Set());
  // A target whose every sentence is its quoted clue has no fact left to ask: drop that clue.
  const silent = new Set(pool.flatMap((t, i) => (plan.facts[i]!.length === 0 && plan.clues[i] !== null ? [t.node.url] : [])));
  if (silent.size > 0) plan = planTask(ctx, pool, hidden, seed, silent);
  // A target with no fact to ask cannot be checked on width (and often not identified): it leaves the task.
  const kept = pool.flatMap((_, i) => (plan.facts[i]!.length > 0 ? [i] : []));
  const targets = kept.map((i) => pool[i]!);
  plan = { chain: plan.chain, clues: kept.map((i) => plan.clues[i]!), facts: kept.map((i) => plan.facts[i]!) };
  const widthItems: ChecklistItem[] = plan.facts.flatMap((facts, i) =>
    facts.map((f) => ({ item: `Entity ${i + 1}: ${f.prompt}`, detail: f.fact.value, sourceUrl: targets[i]!.node.url })),
  );
  if (widthItems.length === 0) throw new GenerationError("no pool page offers a fact the question does not already give", []);
  if (targets.length < pool.length)
    throw new GenerationError(`only ${targets.length} of the ${pool.length} targets have a fact the question does not already give`, []);
  const question = composeQuestion(ctx, targets, plan, hidden, seed);
  const named = revealed(question, {
    phrases: hidden.phrases.filter((p) => p.length > 1 || !TEMPLATE_WORDS.has(p[0]!)),
    words: new Set([...hidden.words].filter((w) => !TEMPLATE_WORDS.has(w))),
  });
  if (named !== null) throw new GenerationError(`heuristic question still names a target ("${named}")`, []);
  if (ellipses(question) > MAX_ELLIPSES) throw new GenerationError(`heuristic question has more than ${MAX_ELLIPSES} ellipses`, []);
  return {
    question,
    wordLimitInstruction: ctx.wordLimit.instruction,
    checklistDepth: targets.map((t, i) => ({
      item: t.name,
      detail: identifyingLogic(t, plan.clues[i] ?? null),
      sourceUrl: t.node.url,
      aliases: t.aliases,
    })),
    checklistWidth: widthItems,
    rationale:
      `Heuristic examiner (offline checklist construction, not the LLM method). D=${ctx.depth}, W=${ctx.width}. ` +
      `Targets (hidden behind their relationship and a quoted description): ${targets.map((t) => t.name).join("; ")}. ` +
      `Width facts per target: ${plan.facts.map((f) => f.map((x) => x.fact.kind).join("+") || "none").join(", ")}.`,
    sourceUrls: [...new Set([...ctx.reasoningChain.map((n) => n.url), ...targets.map((t) => t.node.url)])],
    mode: "heuristic",
  };
}

/** Chain, clues, then facts, so that no fact is asked that the clues already give. */
function planTask(ctx: TaskContext, targets: Target[], hidden: HiddenTerms, seed: string, noClue: ReadonlySet<string>): Plan {
  const budget = new Budget();
  const chain = chainBelowRoot(ctx).map((n) => describeChainNode(n, hidden));
  // each target its own clue: pages of one site share boilerplate sentences, which tell them apart from nothing
  const used = new Set<string>();
  const clues = targets.map((t) => {
    const clue = noClue.has(t.node.url) ? null : pickClue(t, hidden, budget, seed, used);
    if (clue !== null) used.add(clue);
    return clue;
  });
  const base: Plan = { chain, clues, facts: targets.map(() => []) };
  // an answer that only names the targets must not earn width facts ("KFF" in "Research and Data from KFF")
  const names = answerFacts(targets.flatMap((t) => [t.name, ...t.aliases]).join(". "));
  const asked = [names, answerFacts(composeQuestion(ctx, targets, base, hidden, seed))];
  const taken: Fact[] = [];
  // nor may a fact's value name a target: an answer giving it would be credited with the entity
  const entities: ChecklistItem[] = targets.map((t) => ({ item: t.name, detail: "", sourceUrl: t.node.url, aliases: t.aliases }));
  // one fact for every target first, then the second ones: earlier targets must not use up the
  // ellipses and shared values a later target needs for its only fact
  const facts: PickedFact[][] = targets.map(() => []);
  for (let limit = 1; limit <= FACTS_PER_TARGET; limit++) {
    for (const [i, t] of targets.entries()) pickFacts(t, hidden, seed, asked, taken, budget, entities, facts[i]!, limit);
  }
  return { chain, clues, facts };
}

/**
 * The grading key's logic for a target (shown to the judge, never to agents): the relationship,
 * the parent's link context and the page's own summary (the clue the question quotes, else its
 * first clean sentence).
 */
function identifyingLogic(t: Target, clue: string | null): string {
  const parts = [`Linked from its parent page as ${t.node.relationship || GENERIC_RELATIONSHIP}`];
  const link = unglue(t.node.surroundingText);
  if (link) parts.push(`link context: "${truncateWords(link, CLUE_WORDS)}"`);
  const summary = clue ?? pageSentences(t.node)[0];
  if (summary) parts.push(`page summary: "${truncateWords(summary, CLUE_WORDS)}"`);
  return parts.join("; ");
}

/** Clean sentences about a page: its description's first, then its content's. */
function pageSentences(node: ContextNode): string[] {
  return [...new Set([...cleanDescription(node.description), ...cleanSentences(node.content)])];
}

/** A clean sentence about the target that names no target (or, budget permitting, one masked once). */
function pickClue(t: Target, hidden: HiddenTerms, budget: Budget, seed: string, used: ReadonlySet<string>): string | null {
  const candidates = pageSentences(t.node).filter((s) => !used.has(s));
  // the description's sentences describe the page best; the seed picks among them on re-draws
  const ordered = [...seededOrder(`${seed}:clue:${t.node.url}`, candidates.slice(0, 2), (s) => s), ...candidates.slice(2)];
  const plain = ordered.find((s) => !reveals(s, hidden));
  if (plain) return plain;
  for (const s of ordered) {
    const masked = maskText(s, hidden);
    if (ellipses(masked) === 1 && contentTokens(masked).length >= 4 && !used.has(masked) && budget.take(masked)) return masked;
  }
  return null;
}

interface PickedFact {
  fact: Fact;
  /** The request for the fact (attributes.ts), target names masked. */
  prompt: string;
}

/**
 * Facts added to `picked` up to `limit` (at most FACTS_PER_TARGET): labelled attributes first, then by kind preference in seeded
 * order. `question` (the clues, then the requests of facts already taken) and `taken` grow as
 * facts are accepted: a fact found in the question so far is skipped, and so is one whose request
 * would give away a fact already taken.
 */
function pickFacts(
  t: Target,
  hidden: HiddenTerms,
  seed: string,
  question: AnswerFacts[],
  taken: Fact[],
  budget: Budget,
  entities: ChecklistItem[],
  picked: PickedFact[] = [],
  limit = FACTS_PER_TARGET,
): PickedFact[] {
  // verified against the page as stored: a value made by separating glued words ("Java Script")
  // is not how the page, or an answer, spells it
  const page = decodeEntities(`${t.node.description} ${t.node.content}`);
  const labelled = labelledFacts(unglue(page)).filter((f) => tokens(f.value).length <= MAX_LABELLED_NAME_WORDS);
  const clean = pageSentences(t.node).flatMap((s) => [
    ...extractFacts(s).filter((f) => isAttribute(f, hidden)),
    ...closingPhrase(s, hidden),
  ]);
  // a page without a clean sentence holding a fact may still give figures, dates and names from plain ones
  const plain =
    clean.length > 0
      ? []
      : plainSentences(`${t.node.description}\n${t.node.content}`).flatMap((s) =>
          extractFacts(s).filter((f) => f.kind !== "statement" && isAttribute(f, hidden)),
        );
  const usable = (facts: Fact[]) =>
    facts.map(trimmed).flatMap((found) => {
      const value = asSpelled(page, found.value);
      if (value === null || namesTarget(value, hidden) || entities.some((e) => entityFound(value, e))) return [];
      const fact = { ...found, value };
      const prompt = request(found, hidden);
      return prompt === null ? [] : [{ fact, prompt }];
    });
  const prose = usable([...clean, ...plain]);
  const ordered = [
    ...usable(labelled),
    ...KIND_PREFERENCE.flatMap((kind) =>
      seededOrder(
        `${seed}:${t.node.url}`,
        prose.filter((p) => p.fact.kind === kind),
        (p) => `${p.fact.kind}:${p.fact.value}:${p.fact.index}`,
      ),
    ),
  ];
  for (const p of ordered) {
    if (picked.length >= limit) break;
    // a closing phrase only stands in when the page has no number, date or name to ask for
    if (p.fact.kind === "statement" && picked.length > 0) break;
    // one value asked once, also inside a longer one ("Kevin Kuschel" and "Kevin Kuschel Reading")
    if (taken.some((f) => containsPhrase(f.value, p.fact.value) || containsPhrase(p.fact.value, f.value))) continue;
    if (picked.some((q) => q.prompt === p.prompt)) continue;
    const withPrompt = [...question, answerFacts(p.prompt)];
    const given = merged(withPrompt);
    if ([...taken, p.fact].some((f) => answeredBy(given, f.value))) continue;
    if (ellipses(p.prompt) > 0 && !budget.take(p.prompt)) continue;
    picked.push(p);
    taken.push(p.fact);
    question.push(withPrompt.at(-1)!);
  }
  return picked;
}

/**
 * Whether a value is (part of) a target's name: made only of hidden words, or inside a hidden
 * phrase. A value that merely contains a target's distinctive word ("Vision" beside a target
 * "Vision Pro") may be an attribute: it is the expected answer, never written in the question
 * (whose request is masked); the planner also leaves out a value that would name a target as the
 * judge reads it, and one that naming the targets would give.
 */
function namesTarget(value: string, hidden: HiddenTerms): boolean {
  const words = contentTokens(value);
  if (words.length === 0 || words.every((w) => hidden.words.has(w))) return true;
  const v = ` ${normalize(value)} `;
  return hidden.phrases.some((p) => ` ${p.join(" ")} `.includes(v));
}

/**
 * A fact that is a real attribute of the target: not a target's name, not a fragment of a phone number or
 * code, and for names at most four words,
 * no word twice ("Apple Vision Pro Apple" is a menu, not a name), and not made only of words of
 * the names the question may use anyway.
 */
function isAttribute(f: Fact, hidden: HiddenTerms): boolean {
  if (namesTarget(f.value, hidden)) return false;
  // a number joined to other digits by "-", "/" or "." is part of a phone number, code or version
  if (f.kind === "number" && (/[-/.]$/.test(f.sentence.slice(0, f.index)) || /^[-/.]\d/.test(f.sentence.slice(f.index + f.value.length))))
    return false;
  if (f.kind !== "name") return true;
  const words = tokens(f.value);
  // a name running into the next heading or button ("Contribution Guidelines Learn")
  if (HEADING_VERBS.has(words.at(-1)!) || NAME_END_WORDS.has(words.at(-1)!)) return false;
  return words.length <= MAX_NAME_WORDS && new Set(words).size === words.length;
}

/** A name does not end in an article or particle ("Max Simon Nordau The" runs into a title). */
const NAME_END_WORDS = new Set("the a an of and or for in on at to by with from".split(" "));
const HEADING_VERBS = new Set(
  (
    "learn read reading find get see more shop buy click view explore discover sign join watch download contact keep back start " +
    "update use try continue next previous home menu search share print email follow subscribe register login log"
  ).split(" "),
);

/**
 * A value as the page spells it: passages are unglued, so a brand written in one word
 * ("PlayStation", "GameSpot") reaches the facts split in two, and an answer spelling it as the
 * page does would not match the split form. Null when the page has it in neither form.
 */
function asSpelled(page: string, value: string): string | null {
  if (containsPhrase(page, value)) return value;
  const words = value.split(" ");
  if (words.length < 2 || words.some((w) => !/^[\p{L}\p{N}]+$/u.test(w))) return null;
  const glued = new RegExp(`(?<![\\p{L}\\p{N}])${words.join("\\s?")}(?![\\p{L}\\p{N}])`, "u").exec(page);
  return glued ? glued[0] : null;
}

/** A name's trailing sentence punctuation is not part of it ("Apple Contact Center."). */
const trimmed = (f: Fact): Fact => (f.kind === "name" ? { ...f, value: f.value.replace(/[.,;:]+$/, "") } : f);

/** Words that say nothing about an entity on their own ("find them", "learn more", "click here"). */
const GENERIC_WORDS = new Set(
  "find get use make see learn help know here read click visit need want like well way things thing much many one ones could would should might must may shall".split(
    " ",
  ),
);
const PHRASE_BREAK = new Set("a an the of for to in on at by with from as and or like such including about into than".split(" "));

/**
 * The short phrase that closes a sentence, after its last function word ("… helps fight
 * infections like parasites." → "parasites"): 1–3 words with at least one content word that is
 * not generic ("find them" says nothing).
 */
function closingPhrase(sentence: string, hidden: HiddenTerms): Fact[] {
  const words = sentence.replace(/[.!?]["'’”)]?$/, "").split(" ");
  let start = words.length;
  while (start > 0 && !PHRASE_BREAK.has(words[start - 1]!.toLowerCase())) start--;
  const phrase = words
    .slice(start)
    .join(" ")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
  const n = phrase.split(" ").length;
  const meaning = contentTokens(phrase).filter((w) => !GENERIC_WORDS.has(w));
  if (start === 0 || !phrase || n > MAX_PHRASE_WORDS || meaning.length === 0 || reveals(phrase, hidden)) return [];
  return [{ kind: "statement", value: phrase, sentence, index: sentence.lastIndexOf(phrase) }];
}

/** Question parts (their facts parsed once each) as one text. */
function merged(parts: AnswerFacts[]): AnswerFacts {
  return { text: parts.map((p) => p.text).join(" "), dateIsos: parts.flatMap((p) => p.dateIsos), numbers: parts.flatMap((p) => p.numbers) };
}

/** Whether a text already gives a value, as the judge decides. */
function answeredBy(given: AnswerFacts, value: string): boolean {
  return factFound(given, { item: "", detail: value, sourceUrl: "" });
}

/**
 * The request for a fact as the question writes it (see attributes.ts), target names masked; null
 * when masking leaves it saying too little.
 */
function request(f: Fact, hidden: HiddenTerms): string | null {
  const ask = askFor(f);
  if (ask === null || hasMenuRun(ask)) return null;
  const masked = maskText(ask, hidden);
  return masked === ask || contentTokens(masked).filter((w) => !TEMPLATE_WORDS.has(w)).length >= 2 ? masked : null;
}

/** The topic is described (its site and its subject in a few words of its own), never quoted as a title. */
const OPENINGS = [
  (topic: string, site: string) => `Start from the general overview of ${topic} on ${site}`,
  (topic: string, site: string) => `Begin with ${site}'s overview of ${topic}`,
  (topic: string, site: string) => `Take the overview page about ${topic} on ${site} as the starting point`,
];

function composeQuestion(ctx: TaskContext, targets: Target[], plan: Plan, hidden: HiddenTerms, seed: string): string {
  const many = targets.length > 1;
  const topic = ctx.reasoningChain.length === 0 ? null : topicOf(ctx, hidden);
  // openings in a seeded order; one whose own words would name a target ("In the field of …" for "Field of degree") is skipped
  const site = ctx.reasoningChain.length === 0 ? "" : domainOf(ctx.reasoningChain[0]!.url).replace(/^www\./, "");
  const opening =
    topic === null
      ? undefined
      : seededOrder(
          seed,
          OPENINGS.map((o) => o(topic, site)),
          (o) => o,
        ).find((o) => !reveals(o, hidden));
  const path = plan.chain.length > 0 ? ` and ${plan.chain.join(", then ")}.` : ".";
  const lead =
    ctx.reasoningChain.length === 0
      ? `Start from a broad reference resource whose subject is itself to be identified.`
      : opening
        ? `${opening}${path}`
        : `Start from a general overview of the subject${path}`;
  const intro =
    ctx.reasoningChain.length === 0
      ? ""
      : many
        ? `From there, ${targets.length} distinct entities are linked.`
        : "From there, a single entity is linked.";
  const clues = targets.map((t, i) => `(${i + 1}) ${describeTarget(t, plan.clues[i] ?? null, ctx.reasoningChain.length === 0, hidden)}`);
  const asks = plan.facts.flatMap((fs, i) =>
    fs.length ? [`for ${many ? `entity ${i + 1}` : "the entity"}, ${fs.map((f) => f.prompt).join(", and ")}`] : [],
  );
  const ask =
    `Name ${many ? "each of these entities" : "this entity"} and explain which clues identify ${many ? "each" : "it"}.` +
    (asks.length ? ` Then report, ${asks.join("; ")}.` : "");
  return [lead, intro, ...clues, ask].filter(Boolean).join(" ");
}

/**
 * The root topic as the question names it: its cleaned title, else its longest other title
 * segment that names no target (a target page whose own name is the site's, "Home - … - Site",
 * would otherwise be named by the topic); null when every segment would.
 */
function topicOf(ctx: TaskContext, hidden: HiddenTerms): string | null {
  const root = ctx.reasoningChain[0]!;
  const segments = decodeEntities(ctx.rootTopic)
    .split(TITLE_SEPARATOR)
    .map((x) => x.trim())
    .filter(Boolean);
  const candidates = [cleanTitle(ctx.rootTopic, root.url, domainOf(root.url)), ...segments.sort((a, b) => b.length - a.length)];
  return candidates.map(subjectOf).find((c) => c !== "" && !reveals(c, hidden)) ?? null;
}

/**
 * A title as a subject in running text, not a quotation: its head clause ("Asthma: Types, Causes,
 * Symptoms…" → "asthma"; "Video Game Cheats, Reviews, FAQs…" → "video game cheats"), in lower
 * case where a word is an ordinary one (acronyms and names with inner capitals keep theirs).
 */
function subjectOf(title: string): string {
  const head = title.split(/[:,;|(]|\s[-–—]\s/)[0]!.trim();
  const words = head.split(/\s+/).filter(Boolean).slice(0, 8);
  return words
    .map((w) => (/^\p{Lu}\p{Ll}+$/u.test(w) ? w.toLowerCase() : w))
    .join(" ")
    .replace(/[.!?]+$/, "");
}

/**
 * Chain nodes other than the root: the chain is path[-3:-1], so it starts at the root exactly
 * when the path has at most 3 nodes (D ≤ 3); the root is described through the root topic.
 */
function chainBelowRoot(ctx: TaskContext): ContextNode[] {
  return ctx.depth <= 3 ? ctx.reasoningChain.slice(1) : ctx.reasoningChain;
}

/** A relationship label the question may show: not the generic one, and not one that names a target (labels are nearby headings). */
const showable = (relationship: string, hidden: HiddenTerms) =>
  relationship !== "" && relationship !== GENERIC_RELATIONSHIP && !hidden.phrases.some((p) => containsPhrase(relationship, p.join(" ")));

const listedUnder = (relationship: string, hidden: HiddenTerms) =>
  showable(relationship, hidden) ? `a link listed under "${relationship}"` : "one of its links";

/**
 * A chain page by its relationship and a sentence of its description or content that names
 * neither it nor a target (none: by its relationship alone), never by its title.
 */
function describeChainNode(n: ContextNode, hidden: HiddenTerms): string {
  const own = hiddenTerms([{ name: cleanTitle(n.title, n.url, domainOf(n.url)), aliases: [] }], []);
  const described = [...cleanDescription(n.description), ...cleanSentences(n.content)].find((x) => !reveals(x, hidden) && !reveals(x, own));
  const quote = described === undefined ? "" : ` to a resource described as "${described}"`;
  return `follow ${listedUnder(n.relationship, hidden)}${quote}`;
}

function describeTarget(t: Target, clue: string | null, isRoot: boolean, hidden: HiddenTerms): string {
  const rel = t.node.relationship;
  const who = isRoot ? "The resource" : showable(rel, hidden) ? `An entity listed under "${rel}"` : "A related entity";
  return clue ? `${who}, described as follows: "${clue}"` : `${who}.`;
}
