import { createHash } from "node:crypto";
import type { Command } from "commander";
import { z } from "zod";
import { prisma } from "@arena/db";
import { beforeRound, chooseStart, initialState, type ChecklistItem, type LoopState, type TreeView } from "@arena/core";
import { createExaminer, type ExaminerConfigInput } from "@arena/examiner";
import { loadTreeView } from "@arena/trees";
import { parseOptions } from "../options";

/**
 * `arena examiner generate` — builds one Deep & Wide task from a stored tree without running a
 * match: the loop's start (or --node), core's context builder, then the chosen examiner.
 * No expansion is performed (a pool smaller than W is used as it is).
 *
 * llm mode reads ARENA_EXAMINER_BASE_URL, ARENA_EXAMINER_MODEL and ARENA_EXAMINER_API_KEY
 * (optional for local servers) from the environment.
 */
const optionsSchema = z.object({
  tree: z.string().min(1),
  node: z.string().url().optional(),
  width: z.coerce.number().int().min(1).max(20).default(2),
  examiner: z.enum(["heuristic", "llm"]).default("heuristic"),
  seed: z.string().min(1).default("1"),
  json: z.boolean().optional(),
});

/** The loop wants a 32-bit integer seed; numeric seeds are used as they are, others hashed. */
function loopSeed(seed: string): number {
  if (/^\d{1,9}$/.test(seed)) return Number(seed);
  return createHash("sha256").update(seed).digest().readUInt32BE(0) & 0x7fffffff;
}

function findPath(tree: TreeView, url: string): string[] | null {
  const queue: string[][] = [[tree.rootId]];
  while (queue.length) {
    const path = queue.shift()!;
    const node = tree.node(path[path.length - 1]!)!;
    if (node.url === url && path.length > 1) return path;
    for (const c of node.childIds) queue.push([...path, c]);
  }
  return null;
}

function startState(tree: TreeView, seed: number, width: number, nodeUrl: string | undefined): LoopState {
  const initial = initialState(seed);
  if (!nodeUrl) {
    const started = chooseStart(initial, tree);
    if (!started) throw new Error("the tree has no node with content below the root");
    return { ...started, width };
  }
  const path = findPath(tree, nodeUrl);
  if (!path) throw new Error(`no node below the root has url ${nodeUrl}`);
  return { ...initial, path, snapshots: path.map(() => ({ a: 0, b: 0 })), width };
}

function examinerConfig(mode: "heuristic" | "llm"): ExaminerConfigInput {
  if (mode === "heuristic") return { mode };
  const env = z
    .object({
      ARENA_EXAMINER_BASE_URL: z.string().url({ message: "ARENA_EXAMINER_BASE_URL must be set to the examiner's base URL" }),
      ARENA_EXAMINER_MODEL: z.string().min(1, "ARENA_EXAMINER_MODEL must be set"),
      ARENA_EXAMINER_API_KEY: z.string().optional(),
    })
    .parse(process.env);
  return { mode, baseUrl: env.ARENA_EXAMINER_BASE_URL, model: env.ARENA_EXAMINER_MODEL, apiKey: env.ARENA_EXAMINER_API_KEY };
}

const itemJson = (i: ChecklistItem) => ({ item: i.item, detail: i.detail, source_url: i.sourceUrl, ...(i.aliases?.length ? { aliases: i.aliases } : {}) });

export function register(program: Command): void {
  const examiner = program.command("examiner").description("examiner tools (task generation)");
  examiner
    .command("generate")
    .description("generate one Deep & Wide task from a stored tree (no match is run)")
    .requiredOption("--tree <id>", "tree id")
    .option("--node <url>", "current node by URL (default: the loop's random start for the seed)")
    .option("--width <W>", "width W (aggregation pool size)", "2")
    .option("--examiner <mode>", "heuristic | llm", "heuristic")
    .option("--seed <seed>", "seed for the start node, pool draw and examiner", "1")
    .option("--json", "machine-readable output")
    .action(async (raw: unknown) => {
      const opts = parseOptions(optionsSchema, raw);
      const tree = await loadTreeView(prisma(), opts.tree);
      const state = startState(tree, loopSeed(opts.seed), opts.width, opts.node);
      const step = beforeRound(state, tree, { widthExpansionAttempted: true });
      if (step.kind !== "ask") throw new Error("no page with content in the aggregation pool of this node");
      const { task } = await createExaminer(examinerConfig(opts.examiner)).generateTask(step.context, { seed: opts.seed });
      const out = {
        question: task.question,
        word_limit_instruction: task.wordLimitInstruction,
        checklist_depth: task.checklistDepth.map(itemJson),
        checklist_width: task.checklistWidth.map(itemJson),
        source_urls: task.sourceUrls,
        mode: task.mode,
      };
      if (opts.json) return console.log(JSON.stringify(out, null, 2));
      const ctx = step.context;
      console.log(`examiner: ${task.mode}${task.mode === "heuristic" ? " (offline heuristic, not the LLM method)" : ""}`);
      console.log(`node: ${ctx.aggregationPool[0]?.url}  D=${ctx.depth} W=${ctx.width} pool=${ctx.aggregationPool.length}\n`);
      console.log(`${task.question}\n${task.wordLimitInstruction}\n`);
      console.log("checklist (depth):");
      for (const i of task.checklistDepth) console.log(`  - ${i.item}  [${i.sourceUrl}]`);
      console.log("checklist (width):");
      for (const i of task.checklistWidth) console.log(`  - ${i.item} → ${i.detail}  [${i.sourceUrl}]`);
    });
}
