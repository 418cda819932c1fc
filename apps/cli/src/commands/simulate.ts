import type { Command } from "commander";
import { z } from "zod";
import type { PairingRuleResult, SimulationReport } from "@arena/tournament";
import { SIMULATED_PAIRINGS as PAIRING_RULES } from "@arena/core/pairing-rules";
import { parseOptions } from "../options";

/**
 * `arena simulate --agents N --trees M [--seed S] [--concurrency C] [--json]`: the planted-skill
 * simulation of packages/runtime (runSimulation: a Swiss tournament and two baseline schedules
 * through the real pipeline, workers in this process).
 *
 * With `--pairing`, `--budget`, `--spread` or `--repeats` it compares pairing rules instead
 * (runPairingSimulation, in memory, no database): close planted skills, the same budget of agent
 * calls per rule, `{pairing, agentCalls, matches, spearman, top3Exact}` per rule averaged over the
 * repeats. This file parses options and prints.
 */
const pairingList = z
  .string()
  .transform((s) => [...new Set(s.split(",").map((x) => x.trim()))])
  .pipe(z.array(z.enum(PAIRING_RULES, { error: `--pairing must be ${PAIRING_RULES.join(", ")} or a comma list of them` })));

const optionsSchema = z.object({
  agents: z.coerce.number().int().min(3).max(64).default(8),
  trees: z.coerce.number().int().min(1).max(100).default(10),
  seed: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, "--seed: letters, digits, '-' or '_'")
    .default("1"),
  concurrency: z.coerce.number().int().min(1).max(128).default(8),
  spread: z.coerce.number().min(0.001).max(0.1).optional(),
  pairing: pairingList.optional(),
  budget: z.coerce.number().int().min(2).max(1_000_000).optional(),
  repeats: z.coerce.number().int().min(1).max(1000).optional(),
  json: z.boolean().default(false),
});
type Options = z.infer<typeof optionsSchema>;

async function simulate(opts: Options, say: (line: string) => void): Promise<SimulationReport> {
  const [{ prisma }, { runSimulation }] = await Promise.all([import("@arena/db"), import("@arena/runtime")]);
  return runSimulation(prisma(), opts, say);
}

const f2 = (x: number | null) => (x === null || Number.isNaN(x) ? "n/a" : x.toFixed(2));

function printReport(r: SimulationReport): void {
  console.log(
    `${"agent".padEnd(12)}${"p_depth".padStart(8)}${"p_width".padStart(8)}${"skill".padStart(7)}${"rating".padStart(8)}  ${"lost".padStart(4)} ${"DEEP".padStart(5)} ${"WIDE".padStart(5)} ${"BOTH".padStart(5)}  weaker/diagnosed`,
  );
  for (const a of [...r.agents].sort((x, y) => y.rating - x.rating)) {
    const d = a.diagnosed;
    console.log(
      `${a.name.slice(0, 11).padEnd(12)}${f2(a.p_depth).padStart(8)}${f2(a.p_width).padStart(8)}${f2(a.overall).padStart(7)}${a.rating.toFixed(0).padStart(8)}  ` +
        `${String(d.lostRounds).padStart(4)} ${f2(d.deep).padStart(5)} ${f2(d.wide).padStart(5)} ${f2(d.both).padStart(5)}  ${a.weaker}/${d.dominant}${a.recovered ? "" : "  ✗"}`,
    );
  }
  console.log(`matches per schedule: ${r.matches}`);
  console.log(
    `Spearman(planted skill, rating): swiss ${f2(r.spearman)}, round robin ${f2(r.spearman_round_robin)}, random ${f2(r.spearman_random)}`,
  );
  console.log(`Pearson(planted skill gap, mean rounds per match): ${f2(r.rounds_gap_pearson)}`);
  console.log(`dominant failure recovered: ${r.failure_recovered} of ${r.agents.length}`);
}

const comparesPairings = (o: Options) =>
  o.pairing !== undefined || o.budget !== undefined || o.spread !== undefined || o.repeats !== undefined;

async function comparePairings(o: Options): Promise<PairingRuleResult[]> {
  const { runPairingSimulation } = await import("@arena/tournament");
  return runPairingSimulation({
    agents: o.agents,
    trees: o.trees,
    spread: o.spread ?? 0.02,
    pairings: o.pairing ?? [...PAIRING_RULES],
    budget: o.budget ?? 800,
    repeats: o.repeats ?? 10,
    seed: o.seed,
  });
}

function printPairings(rows: readonly PairingRuleResult[], o: Options): void {
  console.log(
    `${o.agents} agents ${o.spread ?? 0.02} apart, ${o.trees} trees, budget ${o.budget ?? 800} agent calls, mean of ${o.repeats ?? 10} repeats`,
  );
  console.log(
    `${"pairing".padEnd(8)}${"agent calls".padStart(12)}${"matches".padStart(9)}${"spearman".padStart(10)}${"top-3 exact".padStart(13)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.pairing.padEnd(8)}${r.agentCalls.toFixed(0).padStart(12)}${r.matches.toFixed(1).padStart(9)}${r.spearman.toFixed(3).padStart(10)}${r.top3Exact.toFixed(2).padStart(13)}`,
    );
  }
}

export function register(program: Command): void {
  program
    .command("simulate")
    .description(
      "planted-skill agents through a full Swiss tournament and two baseline schedules; with --pairing/--budget: pairing rules compared on close skills",
    )
    .option("--agents <n>", "simulated agents (default 8)")
    .option("--trees <m>", "synthetic trees (default 10)")
    .option("--seed <s>", "seed of skills, world and schedules (default 1)")
    .option("--concurrency <c>", "matches at once (default 8)")
    .option("--spread <s>", "pairing comparison: planted skill between neighbours (default 0.02)")
    .option("--pairing <rules>", `pairing comparison: ${PAIRING_RULES.join("|")} or a comma list (default all)`)
    .option("--budget <calls>", "pairing comparison: agent calls each rule may spend (default 800)")
    .option("--repeats <r>", "pairing comparison: runs averaged per rule (default 10)")
    .option("--json", "print only the JSON report")
    .action(async (raw: unknown) => {
      const opts = parseOptions(optionsSchema, raw);
      if (comparesPairings(opts)) {
        const rows = await comparePairings(opts);
        if (opts.json) console.log(JSON.stringify(rows));
        else printPairings(rows, opts);
        return;
      }
      const report = await simulate(opts, (line) => console.error(line));
      if (opts.json) {
        const { spearman, spearman_round_robin, spearman_random, matches, rounds_gap_pearson, failure_recovered, agents } = report;
        console.log(
          JSON.stringify({ spearman, spearman_round_robin, spearman_random, matches, rounds_gap_pearson, failure_recovered, agents }),
        );
      } else printReport(report);
    });
}
