import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { chooseStart, initialState, memoryTreeView, parseDrArenaTree, seedOf, type GeneratedTask } from "@arena/core";
import { DR_ARENA_TREE_FILES, drArenaTreesDir } from "@arena/core/testing/dr-arena-trees";
import { createExaminer, isNavigation } from "@arena/examiner";
import { previewTask } from "../src/preview";

/**
 * Issue 20 on the 19 published trees: every tree yields a question for seeds 1 and 2 (the
 * preview jumps to a new start after a context without a question, as a match does); targets are
 * never navigation or listing pages; a question announces the width it has; the topic is
 * described, not quoted.
 */
const dir = await drArenaTreesDir();
const examiner = createExaminer({ mode: "heuristic" });

describe("heuristic questions on the 19 DR-Arena trees, seeds 1 and 2", async () => {
  const out: Array<{ file: string; seed: string; width: number; rootTitle: string; task: GeneratedTask | null; error: string | null }> = [];
  for (const file of DR_ARENA_TREE_FILES) {
    const tree = memoryTreeView(parseDrArenaTree(JSON.parse(readFileSync(`${dir}${file}`, "utf8"))));
    const rootTitle = tree.node(tree.rootId)!.title ?? "";
    for (const seed of ["1", "2"]) {
      for (const width of [2, 3]) {
        const start = { ...chooseStart(initialState(seedOf(seed)), tree), width };
        try {
          out.push({ file, seed, width, rootTitle, task: (await previewTask(tree, start, examiner, `${seed}:1`)).task, error: null });
        } catch (err) {
          out.push({ file, seed, width, rootTitle, task: null, error: (err as Error).message });
        }
      }
    }
  }

  it("15 of 19 trees yield a question for seeds 1 and 2 (NOT yet every tree: see below)", () => {
    expect(DR_ARENA_TREE_FILES).toHaveLength(19);
    // Known gap, reported as not done: the first level of these four trees (where every start
    // and every jump lands) holds only navigation/listing pages (0003 "Gaming Coverage", 0004
    // "Game Search", 0008 KFF topic listings) or pages without a fact (0024): no target remains.
    const failing = [...new Set(out.filter((o) => o.task === null).map((o) => o.file))];
    expect(failing).toEqual(["tree_0003.json", "tree_0004.json", "tree_0008.json", "tree_0024.json"]);
    expect(out.filter((o) => o.task !== null)).toHaveLength(15 * 4);
  });

  it("no target is a navigation or listing page", () => {
    for (const { task } of out.filter((o) => o.task !== null)) {
      for (const d of task!.checklistDepth) expect(isNavigation({ url: d.sourceUrl, title: d.item, content: "" }), d.sourceUrl).toBe(false);
    }
  });

  it("a question announces the width it has", () => {
    for (const { task } of out.filter((o) => o.task !== null)) {
      const n = task!.checklistDepth.length;
      expect(task!.question).toContain(n === 1 ? "a single entity is linked" : `${n} distinct entities are linked`);
    }
  });

  it("the topic is described, not quoted: no root title in quotation marks", () => {
    for (const { task, rootTitle } of out.filter((o) => o.task !== null)) {
      expect(task!.question).not.toContain(`"${rootTitle}"`);
      expect(task!.question).not.toMatch(/^(?:Within the subject of|In the field of|Working within the topic) "/);
    }
  });
});
