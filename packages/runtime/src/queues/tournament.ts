import type { Job } from "bullmq";
import { parsePayload, publishEvent } from "@arena/jobs";
import { advanceTournament, refitExaminerScope } from "@arena/tournament";
import type { WorkerContext } from "../context";
import { log } from "../log";
import { requestScoreboard } from "./scoreboard";

/**
 * One tournament tick: refit ratings, (re)enqueue the current round's unfinished matches or pair
 * the next round. Ticks of one tournament serialise on its advisory lock, so any number of them
 * (after each match, from the reconciler, on start/resume) may run at once.
 */
export function tournamentProcessor(ctx: WorkerContext) {
  return async (job: Job) => {
    const { tournamentId } = parsePayload("tournament", job.data);
    const outcome = await advanceTournament(ctx.db, tournamentId, ctx.queues);
    if (outcome.kind === "paired" || outcome.kind === "completed") {
      log("info", `tournament ${outcome.kind}`, { tournamentId, ...outcome });
      await publishEvent(ctx.redis, {
        type: "tournament",
        tournamentId,
        kind: outcome.kind,
        round: outcome.kind === "paired" ? outcome.round : outcome.rounds,
      });
    }
    if (outcome.snapshot !== null) {
      const { examinerConfigId } = await ctx.db.tournament.findUniqueOrThrow({
        where: { id: tournamentId },
        select: { examinerConfigId: true },
      });
      await publishEvent(ctx.redis, { type: "snapshot", examinerConfigId, tournamentId, matchesCounted: outcome.snapshot });
      await requestScoreboard(ctx, { examinerConfigId, tournamentId });
      // The arena-wide ratings of the configuration include this tournament's matches.
      const { written } = await refitExaminerScope(ctx.db, examinerConfigId);
      if (written) {
        await publishEvent(ctx.redis, { type: "snapshot", examinerConfigId, tournamentId: null, matchesCounted: written.matchesCounted });
        await requestScoreboard(ctx, { examinerConfigId, tournamentId: null });
      }
    }
    return outcome;
  };
}
