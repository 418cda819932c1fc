import { describe, expect, it } from "vitest";
import { buildTaskContext, memoryTreeView, parseDrArenaTree, Rng, type GeneratedTask, type KnownEntity } from "@arena/core";
import { generateWorld } from "@arena/trees/world";
import { createHeuristicExaminer } from "../src/heuristic/examiner";
import { judgeHeuristically } from "../src/index";

/**
 * In the synthetic world the generator knows every entity and fact: questions are written from
 * them in plain words ("the lighthouse in Dymford designed by Grabria Boubrast … when it was first
 * lit"), never from page fragments ('the date it gives for "Triweirkport and designed by …"'),
 * and still hide the targets.
 */
const world = generateWorld({ seed: "known", hubs: 5, entities: 12 });
const examiner = createHeuristicExaminer();

async function tasks(): Promise<Array<{ task: GeneratedTask; truth: Map<string, KnownEntity>; width: number }>> {
  const out = [];
  for (const wt of world.trees) {
    const truth = new Map(wt.truth.map((t) => [t.url, t.known]));
    const tree = memoryTreeView(parseDrArenaTree(JSON.parse(JSON.stringify(wt.tree))), truth);
    const root = tree.node(tree.rootId)!;
    for (const [i, region] of root.childIds.slice(0, 3).entries()) {
      for (const path of [
        [tree.rootId, region],
        [tree.rootId, region, tree.node(region)!.childIds[0]!],
      ]) {
        const width = 2 + (i % 2);
        const r = buildTaskContext({ tree, path, width, previousQuestions: [], rng: Rng.fromSeed(i) });
        if (r.kind === "context")
          out.push({
            task: (await examiner.generateTask(r.context, { seed: `k${i}` })).task,
            truth,
            width: r.context.aggregationPool.length,
          });
      }
    }
  }
  return out;
}

describe("heuristic questions in the synthetic world, from its own facts", async () => {
  const all = await tasks();

  it("every context yields a question in plain words", () => {
    // 5 hubs × 2 regions × (the region, and its first entity): every context gives a question
    expect(all.length).toBe(20);
    for (const { task } of all) {
      expect(task.question).toMatch(/^(?:In the .+ whose capital is \w+, identify|Identify) /);
      expect(task.question).not.toMatch(/the (?:date|figure|name) it gives for|"/);
      expect(task.question).not.toContain("…");
    }
  });

  it("points at each target by what the world knows, without naming it, and asks the width it announces", () => {
    for (const { task, truth, width } of all) {
      expect(task.checklistDepth).toHaveLength(width);
      if (width > 1) expect(task.question).toContain(`identify these ${width}:`.replace(/^i/, task.question.startsWith("In") ? "i" : "I"));
      for (const d of task.checklistDepth) {
        const known = truth.get(d.sourceUrl)!;
        expect(task.question).toContain(known.describe);
        for (const name of [known.name, ...known.aliases]) expect(task.question.toLowerCase()).not.toContain(name.toLowerCase());
      }
    }
  });

  it("asks facts by what they are, with the values the pages state as the key", () => {
    for (const { task, truth } of all) {
      for (const w of task.checklistWidth) {
        const ask = w.item.replace(/^Entity \d+: /, "");
        expect(task.question).toContain(ask);
        expect(truth.get(w.sourceUrl)!.asks).toContainEqual({ ask, value: w.detail });
      }
    }
  });

  it("its judge credits an answer written from the key, and not one that names other entities", () => {
    for (const { task } of all) {
      const right = task.checklistDepth
        .map(
          (d, i) =>
            `${i + 1}. ${d.item}: ${task.checklistWidth
              .filter((w) => w.sourceUrl === d.sourceUrl)
              .map((w) => w.detail)
              .join(", ")}.`,
        )
        .join("\n");
      const wrong = right.replace(/^(\d+)\. [^:]+:/gm, "$1. Brantley Council:");
      const v = judgeHeuristically({ ...task, answerA: right, answerB: wrong, citationsA: 0, citationsB: 0 });
      expect(v).toMatchObject({ verdict: "[[A_MUCH_BETTER]]", loser_failure_type: "DEEP" });
    }
  });

  it("the example of the issue: a garden pointed at by where it is and who laid it out", () => {
    const gardens = all.map((x) => x.task.question).find((q) => q.includes("botanical garden in") && q.includes("laid out by"));
    expect(gardens).toBeDefined();
  });
});
