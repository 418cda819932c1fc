import type { Queue } from "bullmq";
import { enqueue, jobIdFor, type Payload } from "@arena/jobs";

export interface TournamentQueues {
  match: Queue<Payload<"match">>;
  tournament: Queue<Payload<"tournament">>;
}

/**
 * Makes sure a match has a live job. Job ids derive from the match id, so adding a job whose
 * predecessor still sits in the completed/failed set would be a silent no-op (BullMQ keeps
 * finished jobs): such a job is removed first. This happens after a pause (the worker completed
 * the job by skipping the match) and after a job exhausted its attempts. A job that is waiting,
 * delayed or active is left alone. `Queue.remove` refuses a job another worker holds the lock
 * of, which is exactly the job we must not replace.
 */
async function ensureMatchJob(queue: Queue<Payload<"match">>, matchId: string): Promise<boolean> {
  const id = jobIdFor("match", { matchId });
  const job = await queue.getJob(id);
  if (job) {
    const state = await job.getState();
    if (state !== "completed" && state !== "failed") return false;
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
