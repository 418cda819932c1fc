import { Queue, type ConnectionOptions, type JobsOptions } from "bullmq";
import { z } from "zod";
import { keyPrefix } from "./redis";

/**
 * Queue names and payloads in one place, so producers (CLI, web) and consumers (worker)
 * cannot drift. Payloads carry ids only: the state lives in PostgreSQL, the queue only says
 * "work on this".
 */
export const QueueName = {
  crawl: "crawl",
  match: "match",
  tournament: "tournament",
  scoring: "scoring",
  scoreboard: "scoreboard",
  /** The people's leaderboards and their agreement with the examiner (@arena/votes people snapshots). */
  people: "people",
  /** The tree schedule's repeatable job (fresh trees every N hours). */
  schedule: "schedule",
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

const payloadSchemas = {
  crawl: z.object({ crawlJobId: z.string().min(1) }).strict(),
  match: z.object({ matchId: z.string().min(1) }).strict(),
  tournament: z.object({ tournamentId: z.string().min(1) }).strict(),
  scoring: z.object({ roundId: z.string().min(1) }).strict(),
  /** A leaderboard scope: an examiner configuration's matches (tournamentId null) or one tournament's. */
  scoreboard: z.object({ examinerConfigId: z.string().min(1), tournamentId: z.string().min(1).nullable() }).strict(),
  /** Every scope at once: one job id, so requests while one waits fold into it. */
  people: z.object({}).strict(),
  schedule: z.object({}).strict(),
} satisfies Record<QueueName, z.ZodType>;

export type Payload<N extends QueueName> = z.infer<(typeof payloadSchemas)[N]>;

/** Parses a job payload at the worker boundary; a bad payload is a programming error. */
export function parsePayload<N extends QueueName>(name: N, data: unknown): Payload<N> {
  return payloadSchemas[name].parse(data) as Payload<N>;
}

const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 3,
  backoff: { type: "exponential", delay: 2000 },
  removeOnComplete: { count: 1000 },
  removeOnFail: { count: 5000 },
};

/**
 * Per queue: a scoreboard job leaves no trace when it ends, so the scope's next change can enqueue
 * one again under the same id (a stale scope the job missed is the reconciler's to find).
 */
const JOB_OPTIONS: Partial<Record<QueueName, JobsOptions>> = {
  scoreboard: { ...DEFAULT_JOB_OPTIONS, removeOnComplete: true, removeOnFail: true },
  people: { ...DEFAULT_JOB_OPTIONS, removeOnComplete: true, removeOnFail: true },
};

export function createQueue<N extends QueueName>(name: N, connection: ConnectionOptions): Queue<Payload<N>> {
  return new Queue<Payload<N>>(name, { connection, prefix: keyPrefix(), defaultJobOptions: JOB_OPTIONS[name] ?? DEFAULT_JOB_OPTIONS });
}

/**
 * Job id derived from the entity ids (a null one, as a scope without a tournament, reads "all"):
 * enqueuing the same match twice while its job exists is a no-op in BullMQ, which is what makes
 * the reconciler safe to run at any time.
 */
export function jobIdFor<N extends QueueName>(name: N, payload: Payload<N>): string {
  const ids: unknown[] = Object.values(payload);
  return [name, ...ids.map((id) => (id === null ? "all" : String(id)))].join("-");
}

/**
 * Adds a job. `jobIdSuffix` distinguishes jobs of one entity that must each run (tournament
 * ticks after different matches); without it, one job per entity.
 */
export async function enqueue<N extends QueueName>(
  queue: Queue<Payload<N>>,
  name: N,
  payload: Payload<N>,
  opts: { jobIdSuffix?: string; delayMs?: number } = {},
): Promise<void> {
  const data = parsePayload(name, payload);
  const jobId = opts.jobIdSuffix ? `${jobIdFor(name, data)}-${opts.jobIdSuffix}` : jobIdFor(name, data);
  await (queue as Queue).add(name, data, { jobId, ...(opts.delayMs ? { delay: opts.delayMs } : {}) });
}

/** The id of the tree schedule's job scheduler in the `schedule` queue. */
export const TREE_SCHEDULER_ID = "fresh-trees";

/**
 * Makes the `schedule` queue's repeatable job match the tree schedule: every `everyHours` hours
 * while enabled, none otherwise. Idempotent (BullMQ's job scheduler is keyed by its id), so the
 * CLI, the console and every worker at start may all call it.
 */
export async function syncTreeScheduler(
  queue: Queue<Payload<"schedule">>,
  schedule: { enabled: boolean; everyHours: number },
): Promise<void> {
  if (!schedule.enabled) {
    await queue.removeJobScheduler(TREE_SCHEDULER_ID);
    return;
  }
  await queue.upsertJobScheduler(TREE_SCHEDULER_ID, { every: schedule.everyHours * 3_600_000 }, { name: "schedule", data: {} });
}
