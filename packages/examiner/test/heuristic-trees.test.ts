import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildTaskContext, memoryTreeView, parseDrArenaTree, Rng, type GeneratedTask, type TaskContext, type TreeView } from "@arena/core";
import { cleanTitle, createExaminer, factFound, GenerationError, judgeHeuristically, scoreAnswer } from "../src/index";

/**
 * Runs heuristic generation over every published DR-Arena tree at many nodes and widths and
 * checks rule 2 (targets never named), the word limit and rubric traceability.
 */
const TREES_DIR = new URL("../../../../shared/data/dr-arena-trees/", import.meta.url);
const treeFiles = readdirSync(TREES_DIR).filter((f) => /^tree_\d+\.json$/.test(f));
const WIDTHS = [2, 3, 5];
const NODES_PER_TREE = 10;

function pathsByDepth(tree: TreeView): string[][] {
  const out: string[][] = [];
  const walk = (id: string, path: string[]) => {
    const node = tree.node(id)!;
    const here = [...path, id];
    if (node.depth >= 1 && node.depth <= 3 && (node.content?.trim().length ?? 0) > 20) out.push(here);
    node.childIds.forEach((c) => walk(c, here));
  };
  walk(tree.rootId, []);
  // spread the sample over the tree: every k-th candidate
  const step = Math.max(1, Math.floor(out.length / NODES_PER_TREE));
  return out.filter((_, i) => i % step === 0).slice(0, NODES_PER_TREE);
}

const fold = (s: string) =>
  s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/&amp;/g, "&").replace(/[^\p{L}\p{N}]+/gu, " ").trim();
const words = (s: string) => fold(s).split(" ").filter(Boolean);

/** English function words: never distinctive of an entity. */
const FUNCTION_WORDS = new Set(
  "about above after again against also been before being below between both could does doing down during each from further have having here into more most other over same should some such than that their them then there these they this those through under until very were what when where which while whom with would your".split(" "),
);

/** Independent of the generator's masking code: the words a question may not contain for a target. */
function forbiddenWords(ctx: TaskContext, target: { title: string; url: string }): string[] {
  const allowed = new Set([ctx.rootTopic, ...ctx.reasoningChain.map((n) => n.title), ...ctx.reasoningChain.map((n) => cleanTitle(n.title, n.url, new URL(n.url).hostname))].flatMap(words));
  const name = cleanTitle(target.title, target.url, new URL(target.url).hostname);
  return words(name).filter((w) => w.length >= 4 && !allowed.has(w) && !FUNCTION_WORDS.has(w));
}

const contexts: Array<{ file: string; ctx: TaskContext }> = [];
for (const file of treeFiles) {
  const tree = memoryTreeView(parseDrArenaTree(JSON.parse(readFileSync(new URL(file, TREES_DIR), "utf8"))));
  pathsByDepth(tree).forEach((path, i) => {
    for (const width of WIDTHS) {
      const r = buildTaskContext({ tree, path, width, previousQuestions: [], rng: Rng.fromSeed(i * 10 + width) });
      if (r.kind === "context") contexts.push({ file, ctx: r.context });
    }
  });
}

/** Corpus tests generate hundreds of tasks; date parsing makes that take a few seconds. */
const CORPUS_TIMEOUT_MS = 60_000;

/** Tasks of every context; a context with nothing to ask is a GenerationError (the loop jumps), counted. */
async function generateAll(seed: string) {
  const examiner = createExaminer({ mode: "heuristic" });
  const out: Array<{ file: string; ctx: TaskContext; task: GeneratedTask }> = [];
  let skipped = 0;
  for (const { file, ctx } of contexts) {
    try {
      out.push({ file, ctx, task: (await examiner.generateTask(ctx, { seed })).task });
    } catch (err) {
      if (!(err instanceof GenerationError)) throw err;
      skipped++;
    }
  }
  expect(skipped / contexts.length).toBeLessThan(0.01);
  return out;
}

describe("heuristic generation over the 19 DR-Arena trees", () => {
  it("covers all trees with many contexts", () => {
    expect(treeFiles).toHaveLength(19);
    expect(new Set(contexts.map((c) => c.file)).size).toBe(19);
    expect(contexts.length).toBeGreaterThan(300);
  });

  it("never names a target entity, writes the right word limit, and traces every item to a context page", async () => {
    const problems: string[] = [];
    let contributing = 0;
    let pages = 0;
    for (const { file, ctx, task } of await generateAll("t")) {
      const q = ` ${fold(task.question)} `;
      for (const target of ctx.aggregationPool) {
        const name = cleanTitle(target.title, target.url, new URL(target.url).hostname);
        expect(name.trim().length).toBeGreaterThan(0);
        if (q.includes(` ${fold(name)} `)) problems.push(`${file}: question names "${name}"`);
        for (const w of forbiddenWords(ctx, target)) if (q.includes(` ${w} `)) problems.push(`${file}: "${w}" of "${name}" in question`);
      }
      for (const d of task.checklistDepth) if (q.includes(` ${fold(d.item)} `)) problems.push(`${file}: question names checklist entity "${d.item}"`);
      const min = Math.min(100 + 30 * ctx.width + 20 * ctx.depth, 300);
      expect(task.wordLimitInstruction).toBe(`Answer length: ${min}-${Math.min(min + 100, 400)} words.`);
      const urls = new Set([...ctx.reasoningChain, ...ctx.aggregationPool].map((n) => n.url));
      for (const item of [...task.checklistDepth, ...task.checklistWidth]) expect(urls).toContain(item.sourceUrl);
      expect(task.checklistDepth.map((d) => d.sourceUrl)).toEqual(ctx.aggregationPool.map((n) => n.url));
      // Wide: pool pages contribute requested facts (a page whose every sentence names its target or
      // is quoted by the question has none to give)
      expect(task.checklistWidth.length).toBeGreaterThan(0);
      pages += ctx.aggregationPool.length;
      contributing += ctx.aggregationPool.filter((n) => task.checklistWidth.some((w) => w.sourceUrl === n.url)).length;
      expect(task.mode).toBe("heuristic");
      expect(task.question.length).toBeGreaterThan(80);
    }
    expect(problems).toEqual([]);
    expect(contributing / pages).toBeGreaterThan(0.95);
  }, CORPUS_TIMEOUT_MS);

  it("its own judge finds every checklist item in an answer built from the checklist", async () => {
    for (const { task } of await generateAll("k")) {
      const answer = [...task.checklistDepth.map((d) => d.item), ...task.checklistWidth.map((w) => w.detail)].join(". ");
      const input = {
        question: task.question,
        wordLimitInstruction: task.wordLimitInstruction,
        checklistDepth: task.checklistDepth,
        checklistWidth: task.checklistWidth,
        citationsA: 1,
        citationsB: 1,
      };
      const full = scoreAnswer(answer, 1, { ...input, answerA: answer, answerB: "" });
      expect([full.d, full.w]).toEqual([1, 1]);
      const v = judgeHeuristically({ ...input, answerA: "I could not find this.", answerB: answer });
      expect(v).toMatchObject({ verdict: "[[B_MUCH_BETTER]]", loser_failure_type: "BOTH" });
    }
  }, CORPUS_TIMEOUT_MS);

  it("asks for no fact the question itself already gives", async () => {
    const answered: string[] = [];
    let items = 0;
    for (const { file, task } of await generateAll("t")) {
      items += task.checklistWidth.length;
      for (const w of task.checklistWidth) if (factFound(task.question, w)) answered.push(`${file}: ${w.detail}`);
    }
    expect(items).toBeGreaterThan(600);
    expect(answered).toEqual([]);
  }, CORPUS_TIMEOUT_MS);

  it("a context it cannot use is a GenerationError carrying the call record (the loop jumps)", async () => {
    const { ctx } = contexts[0]!;
    const err = await createExaminer({ mode: "heuristic" })
      .generateTask({ ...ctx, aggregationPool: [] }, { seed: "s" })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GenerationError);
    expect((err as GenerationError).message).toMatch(/aggregation pool is empty/);
    expect((err as GenerationError).calls).toMatchObject([{ kind: "generate", model: null, raw: null, error: "aggregation pool is empty" }]);
  });

  it("is deterministic: same context and seed give the same task", async () => {
    const examiner = createExaminer({ mode: "heuristic" });
    for (const { ctx } of contexts.filter((_, i) => i % 25 === 0)) {
      const a = await examiner.generateTask(ctx, { seed: "seed-1" });
      const b = await createExaminer({ mode: "heuristic" }).generateTask(structuredClone(ctx), { seed: "seed-1" });
      expect(b.task).toEqual(a.task);
    }
  });

  it("does not repeat a previous question of the match", async () => {
    const examiner = createExaminer({ mode: "heuristic" });
    const { ctx } = contexts.find((c) => c.ctx.aggregationPool.length >= 2)!;
    const first = (await examiner.generateTask(ctx, { seed: "s" })).task.question;
    const again = (await examiner.generateTask({ ...ctx, previousQuestions: [first] }, { seed: "s" })).task.question;
    expect(again).not.toBe(first);
  });

  it("writes the known word limit for D=2, W=2", async () => {
    const { ctx } = contexts.find((c) => c.ctx.depth === 2 && c.ctx.width === 2)!;
    const { task } = await createExaminer({ mode: "heuristic" }).generateTask(ctx, { seed: "s" });
    expect(task.wordLimitInstruction).toBe("Answer length: 200-300 words.");
  });
});
