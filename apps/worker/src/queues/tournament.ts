import type { Job } from "bullmq";
import { parsePayload } from "@arena/jobs";
import { advanceTournament } from "@arena/tournament";
import type { WorkerContext } from "../context";
import { log } from "../log";

/**
 * One tournament tick: refit ratings, (re)enqueue the current round's unfinished matches or pair
 * the next round. Ticks of one tournament serialise on its advisory lock, so any number of them
 * (after each match, from the reconciler, on start/resume) may run at once.
 */
export function tournamentProcessor(ctx: WorkerContext) {
  return async (job: Job) => {
    const { tournamentId } = parsePayload("tournament", job.data);
    const outcome = await advanceTournament(ctx.db, tournamentId, ctx.queues);
    if (outcome.kind === "paired" || outcome.kind === "completed") log("info", `tournament ${outcome.kind}`, { tournamentId, ...outcome });
    return outcome;
  };
}
