import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildTaskContext, memoryTreeView, parseDrArenaTree, Rng, targetView, type AgentRequest, type GeneratedTask } from "@arena/core";
import { GenerationError, scoreAnswer } from "@arena/examiner";
import { createHeuristicExaminer } from "@arena/examiner/heuristic";
import { parseCitations } from "@arena/core/citations";
import { simulatedText } from "../src/protocols/simulated-agent";
import { drArenaTreesDir } from "@arena/dr-arena-trees";

/** The published DR-Arena trees (the one helper finds them). */
const TREES = await drArenaTreesDir();

/**
 * Planted skills must stay separate on the tasks the arena really runs: heuristic tasks built from
 * real tree contexts, whose depth items carry page sentences that also hold the width facts.
 */
const examiner = createHeuristicExaminer();

async function realTasks(file: string, width: number): Promise<GeneratedTask[]> {
  // The tree as the heuristic examiner plays it in a match: pools of the pages it can target.
  const tree = targetView(memoryTreeView(parseDrArenaTree(JSON.parse(readFileSync(`${TREES}${file}`, "utf8")))), examiner.canTarget);
  const root = tree.node(tree.rootId)!;
  const tasks: GeneratedTask[] = [];
  for (const [i, child] of root.childIds.slice(0, 6).entries()) {
    const r = buildTaskContext({ tree, path: [tree.rootId, child], width, previousQuestions: [], rng: Rng.fromSeed(i) });
    if (r.kind !== "context") continue;
    // A context the heuristic cannot ask about is skipped, as the match loop jumps past it.
    const generated = await examiner.generateTask(r.context, { seed: `t${i}` }).catch((err: unknown) => {
      if (err instanceof GenerationError) return null;
      throw err;
    });
    if (generated) tasks.push(generated.task);
  }
  return tasks;
}

const scores = (task: GeneratedTask, cfg: { p_depth: number; p_width: number }, seed: string) => {
  const req: AgentRequest = { question: task.question, wordLimitInstruction: task.wordLimitInstruction, history: [] };
  const text = simulatedText("sim", cfg, req, { seed, oracle: task });
  const input = { ...task, answerA: text, answerB: "", citationsA: 0, citationsB: 0 };
  return { text, score: scoreAnswer(text, 0, input) };
};

describe("simulated agents on real heuristic tasks", async () => {
  const tasks = [...(await realTasks("tree_0002.json", 3)), ...(await realTasks("tree_0016.json", 2))];

  it("uses several real tasks whose depth details quote page text", () => {
    expect(tasks.length).toBeGreaterThanOrEqual(6);
    expect(tasks.every((t) => t.checklistDepth.every((d) => d.detail.includes("page summary") || d.detail.includes("link context")))).toBe(
      true,
    );
  });

  it("p_depth = 1, p_width = 0 finds every entity and no width fact", () => {
    let facts = 0;
    let found = 0;
    for (const [i, task] of tasks.entries()) {
      const { score } = scores(task, { p_depth: 1, p_width: 0 }, `s${i}`);
      expect(score.d).toBe(1);
      facts += score.width.length;
      found += score.width.filter((w) => w.found).length;
    }
    expect(found / facts).toBe(0);
  });

  it("a depth item's identifying logic is never written, even when it quotes the facts", () => {
    // llm examiners write `logic` such as "the page that gives its price as $179.99"
    for (const [i, task] of tasks.entries()) {
      const quoting = {
        ...task,
        checklistDepth: task.checklistDepth.map((d) => ({
          ...d,
          detail: `identified by ${task.checklistWidth
            .filter((w) => w.sourceUrl === d.sourceUrl)
            .map((w) => w.detail)
            .join("; ")}`,
        })),
      };
      const { text, score } = scores(quoting, { p_depth: 1, p_width: 0 }, `q${i}`);
      expect(score.d).toBe(1);
      expect(score.w).toBe(0);
      for (const d of quoting.checklistDepth) expect(text).not.toContain(d.detail);
    }
  });

  it("p_depth = 0, p_width = 1 finds every width fact and no entity", () => {
    let entities = 0;
    let found = 0;
    for (const [i, task] of tasks.entries()) {
      const { score } = scores(task, { p_depth: 0, p_width: 1 }, `s${i}`);
      // every fact is written and found, and none is credited: the judge counts facts only for an
      // entity the answer identified (the entity-first judge, docs/examiners.md), and this answer identifies none
      expect(score.width.every((w) => w.found)).toBe(true);
      expect(score.w).toBe(0);
      entities += score.depth.length;
      found += score.depth.filter((d) => d.found).length;
    }
    expect(found / entities).toBe(0);
  });

  it("omitted facts add no References entries", () => {
    for (const [i, task] of tasks.entries()) {
      const { text } = scores(task, { p_depth: 0, p_width: 0 }, `o${i}`);
      const written = text.split("\n").filter((l) => /\[\d+\]$/.test(l.trim()) && l.startsWith("- ")).length;
      expect(parseCitations(text).count).toBeLessThanOrEqual(written);
      if (written === 0) expect(parseCitations(text).count).toBe(0);
    }
  });
});
