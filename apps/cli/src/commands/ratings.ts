import type { Command } from "commander";
import { z } from "zod";
import type { AgentRating, BattleAggregator } from "@arena/core";
import { describeRating, RATING_SCALE_NOTE } from "@arena/core/rating-display";
import { eachCachedLine } from "../line-cache";
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
    .command("ratings")
    .description("Bradley–Terry ratings with confidence intervals from a battles JSONL file")
    .requiredOption("--input <file>", "JSONL, one {model_a, model_b, winner} per line")
    .option("--bootstrap <n>", "bootstrap rounds (≥ 100)")
    .option("--ci <method>", "bootstrap | sandwich")
    .option("--seed <s>", "bootstrap seed (integer)")
    .option("--json", "machine-readable output")
    .action(async (raw: unknown) => {
      const opts = parseOptions(optionsSchema, raw);
      const { computeRatings } = await import("@arena/core");
      const { aggregator, battles, bad } = await readBattles(opts.input);
      if (bad > 0) console.error(`skipped ${bad} bad line${bad === 1 ? "" : "s"}`);
      if (battles === 0) throw new Error(`no valid battles in ${opts.input}`);
      const rows = computeRatings(aggregator.result(), { ci: opts.ci, bootstrapRounds: opts.bootstrap, seed: opts.seed });
      if (opts.json) {
        const out = rows.map(({ model, rating, lower, upper, rank, games, wins, losses, ties, unbounded }) => ({
          model,
          rating,
          rating_flag: describeRating({ rating, lower, upper, unbounded }).flag,
          lower,
          upper,
          rank,
          games,
          wins,
          losses,
          ties,
        }));
        console.log(JSON.stringify({ ratings: out }));
      } else {
        printTable(rows, opts.ci, battles);
      }
    });
}

/** What a distinct line turned out to be: a counts cell (≥ 0), blank, or a problem (its index, negated). */
const BLANK = -1;
const problemCode = (k: number) => -2 - k;

/** Each distinct line is parsed and validated once (eachCachedLine); a repeat costs a lookup. */
async function readBattles(path: string): Promise<{ aggregator: BattleAggregator; battles: number; bad: number }> {
  const { BattleAggregator, battleSchema } = await import("@arena/core");
  const aggregator = new BattleAggregator();
  const problems: string[] = [];
  let battles = 0;
  let bad = 0;

  /** The line's counts cell, BLANK, or its problem's code. */
  const resolve = (line: string): number => {
    if (line.trim() === "") return BLANK;
    let data: unknown;
    try {
      data = JSON.parse(line);
    } catch {
      return problemCode(problems.push("not valid JSON") - 1);
    }
    const battle = battleSchema.safeParse(data);
    if (!battle.success) {
      const issue = battle.error.issues[0]!;
      return problemCode(problems.push(`${issue.path.join(".") || "line"}: ${issue.message}`) - 1);
    }
    if (battle.data.model_a === battle.data.model_b) return problemCode(problems.push(`self-play (${battle.data.model_a})`) - 1);
    return aggregator.cellOf(battle.data);
  };

  await eachCachedLine(path, resolve, (code, lineNo) => {
    if (code >= 0) {
      aggregator.addToCell(code);
      battles++;
    } else if (code !== BLANK) {
      bad++;
      console.error(`${path}:${lineNo}: ${problems[-2 - code]}`);
    }
  });
  return { aggregator, battles, bad };
}

function printTable(rows: AgentRating[], ci: string, battles: number): void {
  const table = [
    ["rank", "model", "rating (95% CI)", "games", "wins", "losses", "ties"],
    ...rows.map((r) => [
      String(r.rank),
      r.model,
      describeRating(r).text,
      String(r.games),
      String(r.wins),
      String(r.losses),
      String(r.ties),
    ]),
  ];
  const widths = table[0]!.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
  for (const row of table) {
    console.log(row.map((cell, c) => (c === 1 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join("  "));
  }
  console.log(`${battles} battles, ${rows.length} agents, ${ci} intervals. ${RATING_SCALE_NOTE}`);
}
