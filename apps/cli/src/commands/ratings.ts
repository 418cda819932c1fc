import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import type { Command } from "commander";
import { z } from "zod";
import { BattleAggregator, battleSchema, computeRatings, type AgentRating } from "@arena/core";
import { parseOptions } from "../options";

/**
 * `arena ratings --input battles.jsonl [--bootstrap N] [--ci bootstrap|sandwich] [--seed S] [--json]`
 * Streams one `{"model_a","model_b","winner"}` object a line into the one-pass aggregator, so a
 * million-line file costs memory per agent pair, not per battle. Bad lines are reported on stderr
 * with their line number and skipped; blank lines carry nothing and are ignored.
 */
const optionsSchema = z.object({
  input: z.string().min(1),
  bootstrap: z.coerce.number().int().min(100, "--bootstrap needs at least 100 rounds").default(1000),
  ci: z.enum(["bootstrap", "sandwich"], { error: "--ci must be bootstrap or sandwich" }).default("bootstrap"),
  seed: z.coerce.number().int().min(0).max(2 ** 32 - 1).default(0),
  json: z.boolean().default(false),
});

export function register(program: Command): void {
  program
    .command("ratings")
    .description("Bradley–Terry ratings with confidence intervals from a battles JSONL file")
    .requiredOption("--input <file>", "JSONL, one {model_a, model_b, winner} per line")
    .option("--bootstrap <n>", "bootstrap rounds (≥ 100)")
    .option("--ci <method>", "bootstrap | sandwich")
    .option("--seed <s>", "bootstrap seed (integer)")
    .option("--json", "machine-readable output")
    .action(async (raw: unknown) => {
      const opts = parseOptions(optionsSchema, raw);
      const { aggregator, battles, bad } = await readBattles(opts.input);
      if (bad > 0) console.error(`skipped ${bad} bad line${bad === 1 ? "" : "s"}`);
      if (battles === 0) throw new Error(`no valid battles in ${opts.input}`);
      const rows = computeRatings(aggregator.result(), { ci: opts.ci, bootstrapRounds: opts.bootstrap, seed: opts.seed });
      if (opts.json) {
        console.log(JSON.stringify({ ratings: rows.map(({ model, rating, lower, upper, rank, games, wins, losses, ties }) => ({ model, rating, lower, upper, rank, games, wins, losses, ties })) }));
      } else {
        printTable(rows, opts.ci, battles);
      }
    });
}

async function readBattles(path: string): Promise<{ aggregator: BattleAggregator; battles: number; bad: number }> {
  const aggregator = new BattleAggregator();
  const lines = createInterface({ input: createReadStream(path, { encoding: "utf8" }), crlfDelay: Infinity });
  let lineNo = 0;
  let battles = 0;
  let bad = 0;
  for await (const line of lines) {
    lineNo++;
    if (line.trim() === "") continue;
    const problem = addLine(aggregator, line);
    if (problem) {
      bad++;
      console.error(`${path}:${lineNo}: ${problem}`);
    } else {
      battles++;
    }
  }
  return { aggregator, battles, bad };
}

/** Adds one battle; returns why the line was rejected, or null. */
function addLine(aggregator: BattleAggregator, line: string): string | null {
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch {
    return "not valid JSON";
  }
  const battle = battleSchema.safeParse(data);
  if (!battle.success) {
    const issue = battle.error.issues[0]!;
    return `${issue.path.join(".") || "line"}: ${issue.message}`;
  }
  if (battle.data.model_a === battle.data.model_b) return `self-play (${battle.data.model_a})`;
  aggregator.addBattle(battle.data);
  return null;
}

function printTable(rows: AgentRating[], ci: string, battles: number): void {
  const fmt = (x: number) => x.toFixed(1);
  const table = [
    ["rank", "model", "rating", "95% CI", "games", "wins", "losses", "ties"],
    ...rows.map((r) => [String(r.rank), r.model, fmt(r.rating), `${fmt(r.lower)} – ${fmt(r.upper)}`, String(r.games), String(r.wins), String(r.losses), String(r.ties)]),
  ];
  const widths = table[0]!.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
  for (const row of table) {
    console.log(row.map((cell, c) => (c === 1 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join("  "));
  }
  console.log(`${battles} battles, ${rows.length} agents, ${ci} intervals`);
}
