import { domainOf, GENERIC_RELATIONSHIP, sentences, truncateWords, type ChecklistItem, type ContextNode, type GeneratedTask, type TaskContext } from "@arena/core";
import { extractFacts, type Fact, type FactKind } from "../facts";
import { hiddenTerms, MASK, maskText, reveals, type HiddenTerms } from "../mask";
import { cleanTitle, contentTokens, decodeEntities, normalize, seededIndex, seededOrder, TITLE_SEPARATOR, titleAliases } from "../text";
import { GenerationError } from "../types";
import { answerFacts, factFound, type AnswerFacts } from "./judge";

/**
 * Heuristic task generation (SPEC §12): an offline, deterministic stand-in for the LLM examiner.
 * It is NOT the paper's method; tasks carry `mode: "heuristic"`.
 *
 * - checklist_depth: one item per aggregation-pool node — its cleaned title as the target entity,
 *   aliases from title segments and URL slug, and the identifying logic from the chain (the
 *   parent's link relationship and surrounding text, the page description).
 * - checklist_width: up to FACTS_PER_TARGET facts per pool node from its description and content,
 *   preferring numbers with units, then dates, then named items; a key sentence when none exist.
 *   A fact the question itself would answer is skipped: one found (as the judge finds facts) in
 *   the question's clues (link passages, page summaries) or in the prompts of facts already taken.
 * - question: describes the chain and each target by clues with every target name and distinctive
 *   word masked (see mask.ts), then asks for the facts as fill-in-the-blank prompts.
 * The seed only chooses among candidate facts and phrasings, so the same context and seed always
 * give the same task.
 */
const FACTS_PER_TARGET = 2;
const KIND_PREFERENCE: FactKind[] = ["number", "date", "name"];
const CLUE_WORDS = 28;
const LABEL_WORDS = 8;

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
 * and aliases. The context-free cleaned title is still masked in questions (`maskNames`).
 */
function targetOf(node: ContextNode, ctx: TaskContext): Target {
  const domain = domainOf(node.url);
  const shared = new Set(
    [ctx.rootTopic, ...ctx.reasoningChain.map((n) => n.title)].flatMap((t) => decodeEntities(t).split(TITLE_SEPARATOR)).map(normalize),
  );
  const name = cleanTitle(node.title, node.url, domain, shared);
  const aliases = titleAliases(node.title, node.url, domain, shared);
  return { node, name, aliases, maskNames: [name, cleanTitle(node.title, node.url, domain), ...aliases] };
}

/** Hidden terms of a context: every pool node's name, aliases and distinctive words. */
function contextHiddenTerms(ctx: TaskContext): HiddenTerms {
  const chainNames = ctx.reasoningChain.map((n) => cleanTitle(n.title, n.url, domainOf(n.url)));
  const targets = ctx.aggregationPool.map((n) => targetOf(n, ctx));
  return hiddenTerms(targets.map((t) => ({ name: t.name, aliases: t.maskNames })), [ctx.rootTopic, ...chainNames]);
}

/** Throws GenerationError (without calls; the examiner adds its record) when no valid task can be built. */
export function generateHeuristicTask(ctx: TaskContext, seed: string): GeneratedTask {
  if (ctx.aggregationPool.length === 0) throw new GenerationError("aggregation pool is empty", []);
  const hidden = contextHiddenTerms(ctx);
  const targets = ctx.aggregationPool.map((n) => targetOf(n, ctx));
  // A question identical to an earlier one in this match is re-drawn with another phrasing/facts.
  let task = buildTask(ctx, targets, hidden, seed);
  for (let i = 1; i < 8 && ctx.previousQuestions.includes(task.question); i++) {
    task = buildTask(ctx, targets, hidden, `${seed}#${i}`);
  }
  return task;
}

function buildTask(ctx: TaskContext, targets: Target[], hidden: HiddenTerms, seed: string): GeneratedTask {
  const chainName = (n: ContextNode) => cleanTitle(n.title, n.url, domainOf(n.url));
  const parentName = ctx.reasoningChain.length > 0 ? chainName(ctx.reasoningChain[ctx.reasoningChain.length - 1]!) : ctx.rootTopic;
  const depthItems: ChecklistItem[] = targets.map((t) => ({
    item: t.name,
    detail: identifyingLogic(t, parentName),
    sourceUrl: t.node.url,
    aliases: t.aliases,
  }));
  // the question without its fact requests (every clue it will show), plus the statement prompt
  const asked = [answerFacts(`${composeQuestion(ctx, targets, targets.map(() => []), seed)} ${STATEMENT_PROMPT}`)];
  const taken: Fact[] = [];
  const factsByTarget = targets.map((t) => pickFacts(t, hidden, seed, asked, taken));
  const widthItems: ChecklistItem[] = factsByTarget.flatMap((facts, i) =>
    facts.map((f) => ({
      item: `Entity ${i + 1}: ${f.prompt}`,
      detail: f.fact.value,
      sourceUrl: targets[i]!.node.url,
    })),
  );
  if (widthItems.length === 0) throw new GenerationError("no pool page offers a fact the question does not already give", []);
  const question = maskText(composeQuestion(ctx, targets, factsByTarget, seed), hidden);
  if (reveals(question, hidden)) throw new GenerationError("heuristic question still names a target after masking", []);
  return {
    question,
    wordLimitInstruction: ctx.wordLimit.instruction,
    checklistDepth: depthItems,
    checklistWidth: widthItems,
    rationale:
      `Heuristic examiner (offline checklist construction, not the LLM method). D=${ctx.depth}, W=${ctx.width}. ` +
      `Targets hidden behind the chain ${[ctx.rootTopic, ...chainBelowRoot(ctx).map(chainName)].join(" → ")}: ` +
      `${targets.map((t) => t.name).join("; ")}. Width facts: ${factsByTarget.map((f) => f.map((x) => x.fact.kind).join("+")).join(", ")}.`,
    sourceUrls: [...new Set([...ctx.reasoningChain.map((n) => n.url), ...targets.map((t) => t.node.url)])],
    mode: "heuristic",
  };
}

function identifyingLogic(t: Target, parentName: string): string {
  const parts = [`Linked from "${parentName}" as ${t.node.relationship || GENERIC_RELATIONSHIP}`];
  if (t.node.surroundingText.trim()) parts.push(`link context: "${truncateWords(clean(t.node.surroundingText), CLUE_WORDS)}"`);
  const desc = firstSentence(t.node.description) ?? firstSentence(t.node.content);
  if (desc) parts.push(`page summary: "${truncateWords(desc, CLUE_WORDS)}"`);
  return parts.join("; ");
}

interface PickedFact {
  fact: Fact;
  /** Fill-in-the-blank prompt built from the words around the fact, target names masked. */
  prompt: string;
  /** The fact is the target's page summary, so the question must not quote that summary. */
  dropsSummary?: true;
}

/**
 * Up to FACTS_PER_TARGET facts, by kind preference and seeded order. `question` (the clues,
 * then the prompts of facts already taken) and `taken` grow as facts are accepted: a fact found in
 * the question so far is skipped, and so is one whose prompt would give away a fact already taken.
 * Empty when the page offers neither a fact nor a statement that neither names the target nor is
 * given by the rest of the question.
 */
function pickFacts(t: Target, hidden: HiddenTerms, seed: string, question: AnswerFacts[], taken: Fact[]): PickedFact[] {
  const text = [t.node.description, t.node.content].map(clean).filter(Boolean).join(" ");
  const usable = extractFacts(text)
    .filter((f) => !reveals(f.value, hidden))
    .map((fact) => ({ fact, prompt: clozePrompt(fact, hidden) }))
    .filter((p): p is PickedFact => p.prompt !== null);
  const ordered = KIND_PREFERENCE.flatMap((kind) =>
    seededOrder(`${seed}:${t.node.url}`, usable.filter((p) => p.fact.kind === kind), (p) => `${p.fact.kind}:${p.fact.value}:${p.fact.index}`),
  );
  const picked: PickedFact[] = [];
  for (const p of ordered) {
    if (picked.length >= FACTS_PER_TARGET) break;
    // neither this fact nor one already taken may be given by the question with this prompt added
    // (a prompt can repeat its own value earlier in the sentence, or complete another's words)
    const withPrompt = [...question, answerFacts(p.prompt)];
    const given = merged(withPrompt);
    if ([...taken, p.fact].some((f) => answeredBy(given, f.value))) continue;
    picked.push(p);
    taken.push(p.fact);
    question.push(withPrompt.at(-1)!);
  }
  if (picked.length > 0) return picked;
  // No usable fact: a page sentence, names masked (stating it must not also name the entity), that
  // the question does not already give. When every such sentence is given (a one-sentence page
  // quoted as the target's summary), the first is asked for and the question drops that summary.
  const statements = sentences(text)
    .filter((x) => x.split(" ").length >= 5)
    .map((x) => maskText(x, hidden))
    .filter((x) => contentTokens(x).length >= 3);
  const given = merged(question);
  const fresh = statements.find((x) => !answeredBy(given, x));
  const statement = fresh ?? statements[0];
  if (statement === undefined || (fresh === undefined && answeredBy(merged(withoutSummary(question, t)), statement))) return [];
  const fact: Fact = { kind: "statement", value: statement, sentence: statement, index: 0 };
  taken.push(fact);
  return [{ fact, prompt: STATEMENT_PROMPT, ...(fresh === undefined ? { dropsSummary: true } : {}) }];
}

const STATEMENT_PROMPT = "the main point its page makes";

/** The question parts with the target's summary clue taken out of the first (the clues). */
function withoutSummary(question: AnswerFacts[], t: Target): AnswerFacts[] {
  const [clues, ...prompts] = question;
  return [answerFacts(clues!.text.replace(describeTarget(t, true), describeTarget(t, false))), ...prompts];
}

/** Question parts (their facts parsed once each) as one text. */
function merged(parts: AnswerFacts[]): AnswerFacts {
  return { text: parts.map((p) => p.text).join(" "), dateIsos: parts.flatMap((p) => p.dateIsos), numbers: parts.flatMap((p) => p.numbers) };
}

/** Whether a text already gives a value, as the judge decides. */
function answeredBy(given: AnswerFacts, value: string): boolean {
  return factFound(given, { item: "", detail: value, sourceUrl: "" });
}

/** 'the value completing "released in North America at ___"' (or "___ followed by …" at sentence start). */
function clozePrompt(f: Fact, hidden: HiddenTerms): string | null {
  const before = f.sentence.slice(0, f.index).split(/\s+/).filter(Boolean).slice(-LABEL_WORDS).join(" ");
  const after = f.sentence.slice(f.index + f.value.length).split(/\s+/).filter(Boolean).slice(0, LABEL_WORDS).join(" ");
  const context = before.split(" ").length >= 3 ? `${before} ___` : `___ ${after}`;
  const masked = maskText(context, hidden);
  const informative = masked.replace(new RegExp(`${MASK}|___`, "g"), "").replace(/[\s\p{P}]+/gu, " ").trim().split(" ").length;
  if (informative < 3) return null;
  const what = f.kind === "number" ? "the figure" : f.kind === "date" ? "the date" : "the name";
  return `${what} completing "${masked}"`;
}

const OPENINGS = [
  (topic: string) => `This task concerns ${topic}.`,
  (topic: string) => `Research question in the area of ${topic}.`,
  (topic: string) => `The following puzzle is set within the subject of ${topic}.`,
];

function composeQuestion(ctx: TaskContext, targets: Target[], facts: PickedFact[][], seed: string): string {
  const root = ctx.reasoningChain[0];
  const topic = root ? cleanTitle(ctx.rootTopic, root.url, domainOf(root.url)) : ctx.rootTopic;
  const opening = OPENINGS[seededIndex(seed, "opening", OPENINGS.length)]!(`"${topic}"`);
  const chain = chainBelowRoot(ctx).map((n) => describeChainNode(n));
  const path =
    chain.length > 0
      ? `Starting from a general overview of that subject, follow ${chain.join(", then ")}.`
      : "Start from a general overview of that subject.";
  const intro =
    targets.length > 1
      ? `From there, ${targets.length} different entities are referenced:`
      : "From there, one entity is referenced:";
  const clues = targets.map((t, i) => `(${i + 1}) ${describeTarget(t, !facts[i]?.some((f) => f.dropsSummary))}`);
  const asks = facts.flatMap((fs, i) => (fs.length ? [`for entity ${i + 1}, ${fs.map((f) => f.prompt).join("; and ")}`] : []));
  const ask =
    `Identify ${targets.length > 1 ? "each of these entities" : "this entity"} by name and explain the chain of clues that leads to ` +
    `${targets.length > 1 ? "each" : "it"}.` + (asks.length ? ` Then report ${asks.join("; ")}.` : "");
  return [opening, path, intro, ...clues, ask].join(" ");
}

/**
 * Chain nodes other than the root: the chain is path[-3:-1], so it starts at the root exactly
 * when the path has at most 3 nodes (D ≤ 3); the root is described through the root topic.
 */
function chainBelowRoot(ctx: TaskContext): ContextNode[] {
  return ctx.depth <= 3 ? ctx.reasoningChain.slice(1) : ctx.reasoningChain;
}

function describeChainNode(n: ContextNode): string {
  const name = cleanTitle(n.title, n.url, domainOf(n.url));
  const how = n.relationship && n.relationship !== GENERIC_RELATIONSHIP ? ` (listed there under "${n.relationship}")` : "";
  return `its reference to ${name}${how}`;
}

function describeTarget(t: Target, withSummary: boolean): string {
  const rel = t.node.relationship || GENERIC_RELATIONSHIP;
  const link = clean(t.node.surroundingText);
  const desc = withSummary ? (firstSentence(t.node.description) ?? firstSentence(t.node.content)) : null;
  const parts = [`an entity linked under "${rel}"`];
  if (link) parts.push(`mentioned in the passage "${truncateWords(link, CLUE_WORDS)}"`);
  if (desc) parts.push(`whose own source describes it as follows: "${truncateWords(desc, CLUE_WORDS)}"`);
  return `${parts.join(", ")}.`;
}

function clean(text: string | null | undefined): string {
  return decodeEntities(text ?? "").replace(/[\u200B-\u200F\uFEFF\uF8FF]/g, "").replace(/\s+/g, " ").trim();
}

function firstSentence(text: string | null | undefined): string | null {
  const s = sentences(clean(text)).find((x) => x.split(" ").length >= 5);
  return s ?? null;
}
