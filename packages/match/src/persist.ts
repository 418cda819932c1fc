import { isFinished, matchWinner } from "@arena/core";
import type { Prisma, PrismaClient } from "@arena/db";
import type { MatchState } from "./state";

/** Another run of the same match committed first (a duplicate job); this run must stop. */
export class ConcurrentRunError extends Error {}

/** The Round row as the runner produces it; matchId, number and scores are filled in here. */
export type RoundData = Omit<Prisma.RoundUncheckedCreateInput, "matchId" | "number" | "scoreA" | "scoreB">;

/** The match columns that mirror its state, written with every state change that ends a round or the match. */
function matchColumns(state: MatchState, finished: boolean) {
  return {
    state: state as unknown as Prisma.InputJsonValue,
    scoreA: state.loop.scoreA,
    scoreB: state.loop.scoreB,
    rounds: state.loop.round,
    voidedRounds: state.voided,
    ...(finished ? { status: "completed" as const, winner: matchWinner(state.loop), finishedAt: new Date() } : {}),
  };
}

/**
 * Stores one round and the match state after it in ONE transaction, so a crash leaves either
 * both or neither. Round numbers are unique per match: a second runner of the same match that
 * started from the same state collides on the round insert, its transaction rolls back, and it
 * gets ConcurrentRunError instead of writing a duplicate round.
 */
export async function commitRound(
  db: PrismaClient,
  matchId: string,
  round: RoundData,
  next: MatchState,
): Promise<void> {
  try {
    await db.$transaction([
      db.round.create({ data: { ...round, matchId, number: next.seq, scoreA: next.loop.scoreA, scoreB: next.loop.scoreB } }),
      db.match.update({ where: { id: matchId }, data: matchColumns(next, isFinished(next.loop)) }),
    ]);
  } catch (err) {
    if ((err as { code?: string }).code === "P2002") {
      throw new ConcurrentRunError(`match ${matchId}: round ${next.seq} was stored by another run`);
    }
    throw err;
  }
}

/** Saves the state reached without storing a round (start chosen, generation-error jumps). */
export async function saveState(db: PrismaClient, matchId: string, state: MatchState): Promise<void> {
  await db.match.update({ where: { id: matchId }, data: { state: state as unknown as Prisma.InputJsonValue } });
}

/** Ends a match whose loop cannot go on (no usable node, attempt limit) with the scores so far. */
export async function finishMatch(db: PrismaClient, matchId: string, state: MatchState, error: string | null): Promise<void> {
  await db.match.update({ where: { id: matchId }, data: { ...matchColumns(state, true), error } });
}
