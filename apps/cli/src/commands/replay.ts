import { readFile } from "node:fs/promises";
import type { Command } from "commander";
import { z } from "zod";
import type { ScriptedRound, TreeView, Verdict } from "@arena/core";
import { parseOptions } from "../options";

/**
 * `arena replay --tree tree.json --verdicts verdicts.jsonl [--seed S] [--json]`
 * Plays the evolvement loop on a DR-Arena JSON tree with scripted verdicts (one
 * `{"verdict","tie_quality","loser_failure_type"}` a line). There is no crawler, so every width or
 * depth expansion the loop asks for is reported as impossible and the loop goes on as §5 says.
 * Stops when the loop stops or the verdicts run out. A bad verdict line is an error (a replay with
 * a verdict silently missing would be a different match).
 */
const optionsSchema = z.object({
  tree: z.string().min(1),
  verdicts: z.string().min(1),
  seed: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .default(0),
  json: z.boolean().default(false),
});

export function register(program: Command): void {
  program
    .command("replay")
    .description("replay the adaptive loop on a DR-Arena tree with scripted verdicts")
    .requiredOption("--tree <file>", "DR-Arena JSON tree")
    .requiredOption("--verdicts <file>", "JSONL, one {verdict, tie_quality, loser_failure_type} per line")
    .option("--seed <s>", "seed for start node, pool and descend choices (integer)")
    .option("--json", "one JSON object per round")
    .action(async (raw: unknown) => {
      const opts = parseOptions(optionsSchema, raw);
      const { memoryTreeView, parseDrArenaTree, parseVerdict, runScriptedLoop } = await import("@arena/core");
      const tree = memoryTreeView(parseDrArenaTree(JSON.parse(await readFile(opts.tree, "utf8"))));
      const verdicts = parseVerdictLines(await readFile(opts.verdicts, "utf8"), opts.verdicts, parseVerdict);
      const { rounds, state } = await runScriptedLoop(tree, verdicts, opts.seed);
      for (const r of rounds) {
        if (opts.json) {
          const { round, depth, width, path, verdict, score_a, score_b, action, stop } = r;
          console.log(JSON.stringify({ round, depth, width, path, verdict, score_a, score_b, action, stop }));
          for (const note of expansionNotes(r, tree)) console.error(`round ${r.round}: ${note}`);
        } else {
          console.log(humanLine(r, tree));
        }
      }
      if (!opts.json) {
        const end = state.stopReason ? `stopped by ${state.stopReason.replace("_", " ")}` : "verdicts ran out";
        console.log(`final ${state.scoreA.toFixed(1)} vs ${state.scoreB.toFixed(1)} after ${state.round} rounds (${end})`);
      }
    });
}

function parseVerdictLines(text: string, file: string, parseVerdict: (data: unknown) => Verdict): Verdict[] {
  const out: Verdict[] = [];
  text.split(/\r?\n/).forEach((line, k) => {
    if (line.trim() === "") return;
    try {
      out.push(parseVerdict(JSON.parse(line)));
    } catch (err) {
      throw new Error(`${file}:${k + 1}: ${err instanceof Error ? err.message : String(err)}`);
    }
  });
  return out;
}

function expansionNotes(r: ScriptedRound, tree: TreeView): string[] {
  return r.expansions.map((e) =>
    e.kind === "width"
      ? `width expansion of ${tree.node(e.nodeId)?.url} (${e.count} more) not possible in a replay`
      : `depth expansion of ${tree.node(e.nodeId)?.url} not possible in a replay`,
  );
}

function humanLine(r: ScriptedRound, tree: TreeView): string {
  const next = r.stop ? `stop: ${r.stop}` : `→ ${r.action}${r.stuck ? " (stuck: no child to descend to)" : ""}`;
  const notes = expansionNotes(r, tree);
  return [
    `round ${r.round}  D=${r.depth} W=${r.width} (pool ${r.poolSize})  ${r.verdict.padEnd(19)} ${r.score_a.toFixed(1)}–${r.score_b.toFixed(1)}  ${next}`,
    `  at ${r.path.at(-1)}`,
    ...notes.map((n) => `  ${n}`),
  ].join("\n");
}
