import type { Command } from "commander";
import { z } from "zod";
import type { ChecklistItem, LoopState, TreeView } from "@arena/core";
import { DEFAULT_EXAMINER, EXAMINER_MODES_HELP, examinerMode, parseOptions, standInCaveat } from "../options";

/**
 * `arena examiner generate` — builds one Deep & Wide task from a stored tree without running a
 * match: the loop's start (or --node), core's context builder, then the chosen examiner.
 * No expansion is performed (a pool smaller than W is used as it is). A context the examiner
 * cannot write a question for makes it jump to a new start, as a match does.
 *
 * It uses the same start, seeds and examiner configuration as the first round of
 * `arena match run --seed S`; llm mode reads ARENA_EXAMINER_* like a match does.
 */
const optionsSchema = z.object({
  tree: z.string().min(1),
  node: z.string().url().optional(),
  width: z.coerce.number().int().min(1).max(20).default(2),
  examiner: examinerMode.default(DEFAULT_EXAMINER),
  seed: z.string().min(1).default("1"),
  json: z.boolean().optional(),
});

function nodeWithUrl(tree: TreeView, url: string): string | null {
  const queue = [...tree.node(tree.rootId)!.childIds];
  while (queue.length) {
    const node = tree.node(queue.shift()!)!;
    if (node.url === url) return node.id;
    queue.push(...node.childIds);
  }
  return null;
}

/** The state a match with this seed starts from (or the given node), at width W. */
async function startState(tree: TreeView, seed: string, width: number, nodeUrl: string | undefined): Promise<LoopState> {
  const { chooseStart, initialState, isFinished, seedOf, startAt } = await import("@arena/core");
  // at width W from the start: a start is chosen where a pool of W pages can be had
  const initial = { ...initialState(seedOf(seed)), width };
  if (!nodeUrl) {
    const started = chooseStart(initial, tree);
    if (isFinished(started)) throw new Error("the tree has no node with content below the root");
    return started;
  }
  const id = nodeWithUrl(tree, nodeUrl);
  if (!id) throw new Error(`no node below the root has url ${nodeUrl}`);
  return startAt(initial, tree, id);
}

const itemJson = (i: ChecklistItem) => ({
  item: i.item,
  detail: i.detail,
  source_url: i.sourceUrl,
  ...(i.aliases?.length ? { aliases: i.aliases } : {}),
});

export function register(program: Command): void {
  const examiner = program.command("examiner").description("examiner tools (task generation)");
  examiner
    .command("generate")
    .description("generate one Deep & Wide task from a stored tree (no match is run)")
    .requiredOption("--tree <id>", "tree id")
    .option("--node <url>", "current node by URL (default: the loop's random start for the seed)")
    .option("--width <W>", "width W (aggregation pool size)", "2")
    .option("--examiner <mode>", EXAMINER_MODES_HELP, DEFAULT_EXAMINER)
    .option("--seed <seed>", "seed for the start node, pool draw and examiner", "1")
    .option("--json", "machine-readable output")
    .action(async (raw: unknown) => {
      const opts = parseOptions(optionsSchema, raw);
      const [{ prisma }, { examinerConfigFor, examinerFor, examinerView, previewTask }, { loadTreeView }] = await Promise.all([
        import("@arena/db"),
        import("@arena/match"),
        import("@arena/trees"),
      ]);
      const db = prisma();
      const tree = await loadTreeView(db, opts.tree);
      // The same examiner configuration, view of the tree and round seed a match with --seed S uses for its first round.
      const examinerOfMatch = examinerFor(await examinerConfigFor(db, opts.examiner));
      const state = await startState(examinerView(tree, examinerOfMatch), opts.seed, opts.width, opts.node);
      const { task, context: ctx, jumps } = await previewTask(tree, state, examinerOfMatch, `${opts.seed}:1`);
      const out = {
        question: task.question,
        word_limit_instruction: task.wordLimitInstruction,
        checklist_depth: task.checklistDepth.map(itemJson),
        checklist_width: task.checklistWidth.map(itemJson),
        source_urls: task.sourceUrls,
        mode: task.mode,
      };
      if (opts.json) return console.log(JSON.stringify(out, null, 2));
      if (jumps) console.log(`(${jumps} jump${jumps === 1 ? "" : "s"} to a new start after contexts without a question, as in a match)`);
      console.log(`examiner: ${task.mode}${standInCaveat(task.mode, task.mode)}`);
      console.log(`node: ${ctx.aggregationPool[0]?.url}  D=${ctx.depth} W=${ctx.width} pool=${ctx.aggregationPool.length}\n`);
      console.log(`${task.question}\n${task.wordLimitInstruction}\n`);
      console.log("checklist (depth):");
      for (const i of task.checklistDepth) console.log(`  - ${i.item}  [${i.sourceUrl}]`);
      console.log("checklist (width):");
      for (const i of task.checklistWidth) console.log(`  - ${i.item} → ${i.detail}  [${i.sourceUrl}]`);
    });
}
