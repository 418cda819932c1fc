import { readFileSync } from "node:fs";
import { buildTaskContext, memoryTreeView, parseDrArenaTree, Rng, targetView, type TaskContext, type TreeView } from "@arena/core";
import { createHeuristicExaminer } from "../src/heuristic/examiner";
import { GenerationError, type Examiner } from "../src/index";
import { DR_ARENA_TREE_FILES, drArenaTreesDir } from "@arena/dr-arena-trees";

/**
 * The 19 published DR-Arena trees (read in place where the one helper finds them, never copied
 * into the repository) and every (node, width) a match could ask at: each node below the root with text,
 * at widths 2–5. Shared by the held-out checks and the yield measurement (`yield.ts`).
 */
export const TREES_DIR = await drArenaTreesDir();
export const WIDTHS = [2, 3, 4, 5];

export interface Attempt {
  file: string;
  nodeUrl: string;
  ctx: TaskContext;
}

export function treeFiles(): string[] {
  return [...DR_ARENA_TREE_FILES];
}

export function loadTree(file: string): TreeView {
  return memoryTreeView(parseDrArenaTree(JSON.parse(readFileSync(`${TREES_DIR}${file}`, "utf8"))));
}

/** Root-to-node paths of every node below the root whose content or description has more than 20 characters. */
function paths(tree: TreeView): string[][] {
  const out: string[][] = [];
  const walk = (id: string, path: string[]) => {
    const node = tree.node(id)!;
    const here = [...path, id];
    if (node.depth >= 1 && Math.max(node.content?.trim().length ?? 0, node.description?.trim().length ?? 0) > 20) out.push(here);
    for (const c of node.childIds) walk(c, here);
  };
  walk(tree.rootId, []);
  return out;
}

/**
 * Every (node, width) attempt of a tree; `every` > 1 keeps every n-th node (a spread sample).
 * Pools are drawn as a heuristic match draws them: from pages the heuristic can target.
 */
export function attempts(file: string, every = 1): Attempt[] {
  const tree = targetView(loadTree(file), heuristic().canTarget);
  const out: Attempt[] = [];
  paths(tree)
    .filter((_, i) => i % every === 0)
    .forEach((path, i) => {
      for (const width of WIDTHS) {
        const r = buildTaskContext({ tree, path, width, previousQuestions: [], rng: Rng.fromSeed(i * 10 + width) });
        if (r.kind === "context") out.push({ file, nodeUrl: tree.node(path.at(-1)!)!.url, ctx: r.context });
      }
    });
  return out;
}

/** The task of an attempt, or the GenerationError's message when it yields none. */
export async function generate(examiner: Examiner, ctx: TaskContext, seed: string) {
  try {
    return { task: (await examiner.generateTask(ctx, { seed })).task, error: null };
  } catch (err) {
    if (!(err instanceof GenerationError)) throw err;
    return { task: null, error: err.message };
  }
}

export const heuristic = () => createHeuristicExaminer();
