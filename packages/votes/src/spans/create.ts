import type { PrismaClient } from "@arena/db";
import { MAX_SPAN_CHARS, SPAN_LIMITS } from "../options";
import { spanViewSchema, type SpanView } from "../read/spans";
import { VoteError } from "../votes/errors";
import { spanRequestSchema, type SpanRequest } from "../votes/requests";
import { lockKey, VOTER_LOCK, VOTES_TX } from "../votes/rounds";

const other = (seat: "A" | "B") => (seat === "A" ? "B" : "A");

/**
 * Marks a stretch of a stored answer. The seat comes in the caller's terms: `shown` (the seats of
 * the round served to them on /vote, mapped through their VoteView) or `match`; it is stored in
 * match seats with the marked text. Offsets are checked against the stored answer (0 ≤ start <
 * end ≤ its length, at most MAX_SPAN_CHARS long). Refused, nothing written: an unknown round or
 * an answer that was never stored (404), `shown` seats on a round not served to the caller (409),
 * `match` seats on a round served to the caller and not yet voted on (409: they would reveal the swap),
 * offsets outside the answer (422), the limits of SPAN_LIMITS (429).
 */
export async function createSpan(db: PrismaClient, input: SpanRequest & { authorId: string }, now = new Date()): Promise<SpanView> {
  const s = spanRequestSchema.parse(input);
  const { authorId } = input;
  return db.$transaction(async (tx) => {
    await lockKey(tx, VOTER_LOCK, authorId);
    const round = await tx.round.findUnique({ where: { id: s.roundId }, select: { answerA: true, answerB: true } });
    if (!round) throw new VoteError(404, "round not found");
    let seat = s.seat;
    const view = await tx.voteView.findUnique({
      where: { roundId_voterId: { roundId: s.roundId, voterId: authorId } },
      select: { seatsSwapped: true },
    });
    if (s.seats === "shown") {
      if (!view) throw new VoteError(409, 'this round was not served to you: name the match seat (seats: "match")');
      if (view.seatsSwapped) seat = other(seat);
    } else if (
      view &&
      !(await tx.vote.findUnique({ where: { roundId_voterId: { roundId: s.roundId, voterId: authorId } }, select: { id: true } }))
    ) {
      // The stored quote (or a 422 naming the answer's length) would tell a blind voter which shown seat is match seat A.
      throw new VoteError(
        409,
        'this round is open for you on the Vote page: vote on it there first (in the API, mark it with seats: "shown" until you vote)',
      );
    }
    const answer = seat === "A" ? round.answerA : round.answerB;
    if (answer === null) throw new VoteError(404, `seat ${s.seat} has no stored answer on this round`);
    if (!(s.start < s.end && s.end <= answer.length))
      throw new VoteError(422, `offsets must satisfy 0 ≤ start < end ≤ ${answer.length} (the answer's length)`);
    if (s.end - s.start > MAX_SPAN_CHARS) throw new VoteError(422, `a span covers at most ${MAX_SPAN_CHARS} characters`);
    const since = new Date(now.getTime() - SPAN_LIMITS.windowMs);
    if ((await tx.span.count({ where: { authorId, createdAt: { gte: since } } })) >= SPAN_LIMITS.perAccount)
      throw new VoteError(429, `at most ${SPAN_LIMITS.perAccount} spans per account in 24 hours`);
    if ((await tx.span.count({ where: { authorId, roundId: s.roundId } })) >= SPAN_LIMITS.perRound)
      throw new VoteError(429, `at most ${SPAN_LIMITS.perRound} spans per account on one round`);
    const row = await tx.span.create({
      data: {
        roundId: s.roundId,
        authorId,
        seat,
        start: s.start,
        end: s.end,
        label: s.label,
        comment: s.comment ?? null,
        quote: answer.slice(s.start, s.end),
        createdAt: now,
      },
    });
    return spanViewSchema.parse({
      id: row.id,
      roundId: row.roundId,
      seat: s.seat,
      seats: s.seats,
      start: row.start,
      end: row.end,
      label: row.label,
      comment: row.comment,
      quote: row.quote,
    });
  }, VOTES_TX);
}

/** Deletes one of the caller's spans (404 for a span that is not theirs or does not exist). */
export async function deleteSpan(db: PrismaClient, input: { id: string; authorId: string }): Promise<{ deleted: true }> {
  const { count } = await db.span.deleteMany({ where: { id: input.id, authorId: input.authorId } });
  if (count === 0) throw new VoteError(404, "span not found");
  return { deleted: true };
}
