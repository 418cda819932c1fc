import type { Command } from "commander";
import { z } from "zod";
import { parseOptions } from "../options";
import type { SourceOutcome, StoredSchedule } from "@arena/trees/sources";

/**
 * `arena schedule show|set|run`: the tree schedule (every N hours crawl K new trees from the
 * sources with the limits of `arena tree crawl`; retire trees older than D days from new matches).
 * `set` also makes the workers' repeatable job follow it; `run` runs it once now.
 */
const onOff = z.enum(["on", "off"]).transform((v) => v === "on");
const setOptions = z.object({
  enabled: onOff.optional(),
  everyHours: z.coerce.number().int().optional(),
  trees: z.coerce.number().int().optional(),
  maxAgeDays: z.union([z.literal("none").transform(() => null), z.coerce.number().int()]).optional(),
  depth: z.coerce.number().int().optional(),
  fanOut: z.coerce.number().int().optional(),
  json: z.boolean().default(false),
});

type Row = StoredSchedule;
const text = (s: Row) =>
  `schedule ${s.enabled ? "on" : "off"}: every ${s.everyHours} h crawl ${s.treesPerRun} new trees (depth ${s.maxDepth}, fan-out ${s.fanOut}); ` +
  `retire after ${s.maxAgeDays === null ? "never" : `${s.maxAgeDays} days`}; last run ${s.lastRunAt ? `${s.lastRunAt.toISOString()} (${s.lastRunNote ?? ""})` : "never"}` +
  s.lastRunSources.map((o) => `\n  ${outcomeLine(o)}`).join("");

/** One source's part in a run, as `schedule show` and `schedule run` print it. */
const outcomeLine = (o: SourceOutcome) =>
  `${o.kind} ${o.value}: ${o.error === null ? `${o.found} found, ${o.taken} taken${o.invalid ? `, ${o.invalid} invalid skipped` : ""}` : `failed: ${o.error}`}`;

export function register(program: Command): void {
  const schedule = program.command("schedule").description("fresh trees on a schedule: show, set, run once");

  schedule
    .command("show")
    .description("the tree schedule")
    .option("--json", "machine-readable output")
    .action(async (opts: { json?: boolean }) => {
      const [{ prisma }, { readSchedule }] = await Promise.all([import("@arena/db"), import("@arena/trees")]);
      const s = await readSchedule(prisma());
      console.log(opts.json ? JSON.stringify(s) : text(s));
    });

  schedule
    .command("set")
    .description("change the schedule (the workers' repeatable job follows)")
    .option("--enabled <on|off>", "run on schedule or not")
    .option("--every-hours <n>", "hours between runs")
    .option("--trees <k>", "new trees per run")
    .option("--max-age-days <d|none>", "retire crawled trees older than this from new matches")
    .option("--depth <n>", "crawl depth (as arena tree crawl)")
    .option("--fan-out <n>", "children kept per page (as arena tree crawl)")
    .option("--json", "machine-readable output")
    .action(async (raw: unknown) => {
      const o = parseOptions(setOptions, raw);
      const [{ prisma }, { applySchedule }] = await Promise.all([import("@arena/db"), import("@arena/trees")]);
      const change = {
        ...(o.enabled !== undefined ? { enabled: o.enabled } : {}),
        ...(o.everyHours !== undefined ? { everyHours: o.everyHours } : {}),
        ...(o.trees !== undefined ? { treesPerRun: o.trees } : {}),
        ...(o.maxAgeDays !== undefined ? { maxAgeDays: o.maxAgeDays } : {}),
        ...(o.depth !== undefined ? { maxDepth: o.depth } : {}),
        ...(o.fanOut !== undefined ? { fanOut: o.fanOut } : {}),
      };
      const s = await applySchedule(prisma(), change);
      console.log(o.json ? JSON.stringify(s) : text(s));
    });

  schedule
    .command("run")
    .description("run the schedule once now: retire old trees, queue crawls of new ones for the workers")
    .option("--json", "machine-readable output")
    .action(async (opts: { json?: boolean }) => {
      const [{ prisma }, { runScheduleNow }] = await Promise.all([import("@arena/db"), import("@arena/trees")]);
      const run = await runScheduleNow(prisma());
      if (opts.json) return console.log(JSON.stringify(run));
      console.log(`${run.crawlJobIds.length} crawls queued, ${run.retired} trees retired`);
      for (const u of run.rootUrls) console.log(`  ${u}`);
      for (const o of run.sources) console.log(`  ${outcomeLine(o)}`);
    });
}
