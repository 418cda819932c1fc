import type { Job } from "bullmq";
import { enqueue, publishEvent } from "@arena/jobs";
import { peopleStale, refreshPeopleSnapshots } from "@arena/votes";
import type { WorkerContext } from "../context";
import { errorContext, log } from "../log";

/**
 * The people's leaderboards and their agreement with the examiner (@arena/votes people
 * snapshots), computed here so the web only reads. One job for every scope under one id: asked
 * for after each examiner scoreboard and by the reconciler whenever the inputs' fingerprint moved
 * (a vote, an annotation, an exclusion), each request delayed by PEOPLE_DEBOUNCE_MS, so a burst of
 * votes is one computation. A change made while the job ran is asked for again once it is done.
 */
export const PEOPLE_DEBOUNCE_MS = 2000;

export function peopleProcessor(ctx: WorkerContext) {
  return async (_job: Job) => {
    const started = Date.now();
    const refresh = await refreshPeopleSnapshots(ctx.db);
    const overall = refresh.written.find((w) => w.examinerConfigId === null);
    if (overall) {
      log("info", "people's snapshots stored", {
        scopes: refresh.written.length,
        votesCounted: overall.votesCounted,
        ms: Date.now() - started,
      });
      await publishEvent(ctx.redis, { type: "people", tournamentId: null, votesCounted: overall.votesCounted });
    }
    return { written: refresh.written.length, again: await peopleStale(ctx.db) };
  };
}

/** After a people job left the queue: asks again when the inputs changed while it ran. */
export function peopleFollowUp(ctx: WorkerContext) {
  return (_job: Job, result: unknown) => {
    if (result && typeof result === "object" && "again" in result && result.again === true) void requestPeople(ctx);
  };
}

/** Asks for the people's snapshots to be recomputed. Never throws: the reconciler asks again. */
export async function requestPeople(ctx: WorkerContext): Promise<void> {
  await enqueue(ctx.queues.people, "people", {}, { delayMs: PEOPLE_DEBOUNCE_MS }).catch((err: unknown) =>
    log("warn", "enqueueing the people's snapshots failed", errorContext(err)),
  );
}
