import type { Queue } from "bullmq";
import { enqueue, jobIdFor, openQueues, withQueue, type Payload, type Queues } from "@arena/jobs";

export type TournamentQueues = Queues<"match" | "tournament">;

const TOURNAMENT_QUEUES = ["match", "tournament"] as const;

/** The match and tournament queues on one Redis connection, for producers outside the workers; close() releases both. */
export function openTournamentQueues(): TournamentQueues & { close(): Promise<void> } {
  return openQueues(TOURNAMENT_QUEUES);
}

/**
 * Opens the queues for one command outside the workers (the CLI, a web request), runs it and
 * closes them after, whatever it returned or threw.
 */
export function withQueues<T>(fn: (queues: TournamentQueues) => Promise<T>): Promise<T> {
  return withQueue(TOURNAMENT_QUEUES, fn);
}

/** Job states in which a job will still run (or is running). */
const LIVE = new Set(["waiting", "waiting-children", "prioritized", "delayed", "active"]);

/**
 * Makes sure a match has a live job. Job ids derive from the match id, so adding a job whose
 * predecessor still exists would be a silent no-op: a job that is not live is removed first.
 * That is a job in the completed/failed set (BullMQ keeps finished jobs: after a pause the
 * worker completed the job by skipping the match; a job can exhaust its attempts), and a job
 * in no set at all ("unknown": its hash survived a partial loss of Redis state, as an eviction
 * or a non-atomic flush leaves it). `Queue.remove` refuses a job another worker holds the lock
 * of, which is exactly the job we must not replace.
 */
async function ensureMatchJob(queue: Queue<Payload<"match">>, matchId: string): Promise<boolean> {
  const id = jobIdFor("match", { matchId });
  const job = await queue.getJob(id);
  if (job) {
    if (LIVE.has(await job.getState())) return false;
    if ((await queue.remove(id)) === 0) return false;
  }
  await enqueue(queue, "match", { matchId });
  return true;
}

export async function ensureMatchJobs(queue: Queue<Payload<"match">>, matchIds: readonly string[]): Promise<number> {
  let added = 0;
  for (const id of matchIds) if (await ensureMatchJob(queue, id)) added++;
  return added;
}

/** A tournament tick; `reason` makes the job id unique where every request must run. */
export function enqueueTick(queue: Queue<Payload<"tournament">>, tournamentId: string, reason: string): Promise<void> {
  return enqueue(queue, "tournament", { tournamentId }, { jobIdSuffix: reason });
}
