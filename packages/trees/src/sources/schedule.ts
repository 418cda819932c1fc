import { z } from "zod";
import { operatorAllowList, type PrismaClient } from "@arena/db";
import { crawlRequestSchema } from "../store/crawl-jobs";
import { NotFoundError } from "../store/load";
import { sourceCandidates, type FetchContext } from "./candidates";
import { SEARCH_PROVIDER_NAMES } from "./providers";

/**
 * Topic sources and the tree schedule (docs/trees.md), the commands behind `arena source add|list|remove`,
 * `arena schedule show|set|run` and the worker's repeatable `schedule` job.
 *
 * A run: retire crawled trees older than maxAgeDays (retiredAt: no new match uses them, matches that
 * used them keep them), then walk the sources in the order they were added, take their candidate hub
 * pages that are neither a stored tree's root nor a crawl already asked for, and create up to
 * treesPerRun crawl jobs with the schedule's depth and fan-out, within the limits of `arena tree
 * crawl` (crawlRequestSchema). A source that fails to answer is noted and skipped; a candidate a
 * crawl would refuse (not an http(s) URL, over 2,000 characters) is skipped and counted. The run
 * stores its outcome per source (lastRunSources), which `arena schedule show` and the console show.
 */

export const SCHEDULE_ID = "default";

const httpUrl = z.url({ protocol: /^https?$/, error: "an http(s) URL" }).max(2000);

export const newSourceSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.enum(["hub", "feed", "sitemap"]), value: httpUrl }).strict(),
  z
    .object({
      kind: z.literal("search"),
      value: z.string().trim().min(2).max(200),
      provider: z.enum(SEARCH_PROVIDER_NAMES).default("searxng"),
      endpoint: httpUrl,
    })
    .strict(),
]);
export type NewSource = z.input<typeof newSourceSchema>;

/** A source of the same kind and value is configured already. */
export class SourceExistsError extends Error {}

/** A topic source as stored and listed. */
export const topicSourceSchema = z.object({
  id: z.string(),
  kind: z.enum(["hub", "feed", "sitemap", "search"]),
  value: z.string(),
  provider: z.string().nullable(),
  endpoint: z.string().nullable(),
  createdAt: z.date(),
});

/** `input` is parsed here (the CLI and the console pass what the operator typed). */
export async function addSource(db: PrismaClient, input: NewSource | Record<string, unknown>) {
  const s = newSourceSchema.parse(input);
  const taken = await db.topicSource.findUnique({ where: { kind_value: { kind: s.kind, value: s.value } } });
  if (taken) throw new SourceExistsError(`a ${s.kind} source "${s.value}" exists already (${taken.id})`);
  return db.topicSource.create({ data: s });
}

export const listSources = (db: PrismaClient) => db.topicSource.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

export async function removeSource(db: PrismaClient, id: string) {
  const { count } = await db.topicSource.deleteMany({ where: { id } });
  if (count === 0) throw new NotFoundError(`no source ${id}`);
}

export const scheduleSchema = z
  .object({
    enabled: z.boolean(),
    everyHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 30),
    treesPerRun: z.number().int().min(1).max(50),
    /** Crawled trees older than this many days are retired from new matches; null: never. */
    maxAgeDays: z.number().int().min(1).max(3650).nullable(),
    maxDepth: crawlRequestSchema.shape.maxDepth.removeDefault(),
    fanOut: crawlRequestSchema.shape.fanOut.removeDefault(),
  })
  .strict();
export type Schedule = z.infer<typeof scheduleSchema>;

/** What one source gave in a run: candidates found, crawls taken from it, candidates skipped as invalid, or why it failed. */
export const sourceOutcomeSchema = z.object({
  sourceId: z.string(),
  kind: z.string(),
  value: z.string(),
  found: z.number().int(),
  taken: z.number().int(),
  invalid: z.number().int(),
  error: z.string().nullable(),
});
export type SourceOutcome = z.infer<typeof sourceOutcomeSchema>;

/** The stored schedule with its last run. */
export const storedScheduleSchema = z.object({
  id: z.string(),
  enabled: z.boolean(),
  everyHours: z.number().int(),
  treesPerRun: z.number().int(),
  maxAgeDays: z.number().int().nullable(),
  maxDepth: z.number().int(),
  fanOut: z.number().int(),
  lastRunAt: z.date().nullable(),
  lastRunNote: z.string().nullable(),
  /** The last run's outcome per source asked, in source order (empty before the first run). */
  lastRunSources: z.array(sourceOutcomeSchema),
});
export type StoredSchedule = z.infer<typeof storedScheduleSchema>;

/** The schedule row with its last run's outcomes parsed (rows written before they were stored read as none). */
function storedSchedule(row: Awaited<ReturnType<PrismaClient["treeSchedule"]["upsert"]>>): StoredSchedule {
  const sources = z.array(sourceOutcomeSchema).safeParse(row.lastRunSources);
  return { ...row, lastRunSources: sources.success ? sources.data : [] };
}

export async function readSchedule(db: PrismaClient): Promise<StoredSchedule> {
  return storedSchedule(await db.treeSchedule.upsert({ where: { id: SCHEDULE_ID }, create: { id: SCHEDULE_ID }, update: {} }));
}

/** Changes the given fields; the caller syncs the repeatable job with the result (enabled, everyHours). */
export async function setSchedule(db: PrismaClient, input: Partial<Schedule>) {
  const change = scheduleSchema.partial().parse(input);
  await readSchedule(db);
  return storedSchedule(await db.treeSchedule.update({ where: { id: SCHEDULE_ID }, data: change }));
}

export const scheduledRunSchema = z.object({
  retired: z.number().int(),
  crawlJobIds: z.array(z.string()),
  rootUrls: z.array(z.string()),
  /** Sources that failed, with why. */
  failures: z.array(z.object({ sourceId: z.string(), error: z.string() })),
  /** The outcome of every source asked (a run stops asking once it has its trees), in source order; stored as the schedule's lastRunSources. */
  sources: z.array(sourceOutcomeSchema),
});
export type ScheduledRun = z.infer<typeof scheduledRunSchema>;

/** One run of the schedule (see the module comment); the caller enqueues the crawl jobs. */
export async function runSchedule(db: PrismaClient, opts: { now?: Date; signal?: AbortSignal } = {}): Promise<ScheduledRun> {
  const schedule = await readSchedule(db);
  const now = opts.now ?? new Date();
  const retired = schedule.maxAgeDays
    ? (
        await db.tree.updateMany({
          where: { source: "crawled", retiredAt: null, createdAt: { lt: new Date(now.getTime() - schedule.maxAgeDays * 86_400_000) } },
          data: { retiredAt: now },
        })
      ).count
    : 0;
  const ctx: FetchContext = { allow: await operatorAllowList(db), ...(opts.signal ? { signal: opts.signal } : {}) };
  const [sources, trees, crawls] = await Promise.all([
    listSources(db),
    db.tree.findMany({ select: { rootUrl: true } }),
    db.crawlJob.findMany({ where: { status: { not: "failed" } }, select: { rootUrl: true } }),
  ]);
  const known = new Set([...trees, ...crawls].map((r) => r.rootUrl));
  const picked: string[] = [];
  const outcomes: SourceOutcome[] = [];
  for (const source of sources) {
    if (picked.length >= schedule.treesPerRun) break;
    const outcome: SourceOutcome = {
      sourceId: source.id,
      kind: source.kind,
      value: source.value,
      found: 0,
      taken: 0,
      invalid: 0,
      error: null,
    };
    outcomes.push(outcome);
    try {
      // Ask for more than needed: some candidates are already known.
      const found = await sourceCandidates(source, schedule.treesPerRun * 4 + known.size, ctx);
      outcome.found = found.length;
      for (const url of found) {
        if (picked.length >= schedule.treesPerRun) break;
        if (known.has(url)) continue;
        // Checked here, per candidate, so one URL a crawl would refuse costs only itself.
        if (!crawlRequestSchema.shape.rootUrl.safeParse(url).success) {
          outcome.invalid++;
          continue;
        }
        known.add(url);
        picked.push(url);
        outcome.taken++;
      }
    } catch (err) {
      outcome.error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    }
  }
  const failures = outcomes.flatMap((o) => (o.error === null ? [] : [{ sourceId: o.sourceId, error: o.error }]));
  const invalid = outcomes.reduce((n, o) => n + o.invalid, 0);
  const jobs = await db.$transaction(
    picked.map((rootUrl) =>
      db.crawlJob.create({
        data: { rootUrl, maxDepth: schedule.maxDepth, fanOut: schedule.fanOut, scheduled: true },
        select: { id: true },
      }),
    ),
  );
  const note =
    `${jobs.length} crawls, ${retired} trees retired` +
    (invalid ? `, ${invalid} invalid candidates skipped` : "") +
    (failures.length ? `, ${failures.length} sources failed: ${failures.map((f) => f.error).join("; ")}` : "");
  await db.treeSchedule.update({
    where: { id: SCHEDULE_ID },
    data: { lastRunAt: now, lastRunNote: note.slice(0, 2000), lastRunSources: outcomes },
  });
  return { retired, crawlJobIds: jobs.map((j) => j.id), rootUrls: picked, failures, sources: outcomes };
}
