import { createHmac } from "node:crypto";
import type { PrismaClient } from "@arena/db";
import { VOTE_LIMITS } from "../options";
import { revealOf, type Reveal } from "../read/votes";
import { VoteError } from "./errors";
import { voteRequestSchema, type VoteRequest } from "./requests";
import { ADDRESS_LOCK, goldRound, lockKey, votableRound, VOTER_LOCK, VOTES_TX } from "./rounds";
import { fromToken, inSeats, winnerOf } from "./seats";

/** The keyed hash a vote stores instead of the client address (HMAC-SHA-256, hex). */
export function addressHash(address: string, key: Uint8Array): string {
  return createHmac("sha256", key).update(address.trim().toLowerCase()).digest("hex");
}

let derivedKey: Buffer | undefined;
/**
 * The address hash's key: derived from the arena's secret key (ARENA_SECRET_KEY or its key file),
 * so the stored hashes cannot be reversed by trying every address without that key.
 */
async function addressKeyOf(): Promise<Buffer> {
  if (!derivedKey) {
    const { loadSecretKey } = await import("@arena/agents");
    derivedKey = createHmac("sha256", loadSecretKey()).update("vote address hash").digest();
  }
  return derivedKey;
}

export interface CastOptions {
  /** Key of the address hash (default: derived from the arena's secret key). */
  addressKey?: Uint8Array;
  now?: Date;
}

/**
 * Stores a voter's verdict on a round served to them and returns the reveal. The verdict comes in
 * the seats the voter was shown and is stored in the match's seats. Refused (nothing written): a
 * round not served to this voter (404), a second vote or a round voided (or held back) since it was served (409), the account's
 * or the address's daily limit (429). Gold rounds record whether the vote named the examiner's
 * winner; a vote on a round of the voter's own agent is stored and never counted.
 */
export async function castVote(
  db: PrismaClient,
  input: VoteRequest & { voterId: string; address?: string | null },
  opts: CastOptions = {},
): Promise<Reveal> {
  const body = voteRequestSchema.parse(input);
  const { voterId } = input;
  const hash = input.address ? addressHash(input.address, opts.addressKey ?? (await addressKeyOf())) : null;
  const now = opts.now ?? new Date();
  const since = new Date(now.getTime() - VOTE_LIMITS.windowMs);
  return db.$transaction(async (tx) => {
    await lockKey(tx, VOTER_LOCK, voterId);
    if (hash) await lockKey(tx, ADDRESS_LOCK, hash);
    const view = await tx.voteView.findUnique({ where: { roundId_voterId: { roundId: body.roundId, voterId } } });
    if (!view) throw new VoteError(404, "this round was not served to you: ask GET /api/votes/next for a round");
    if (await tx.vote.findUnique({ where: { roundId_voterId: { roundId: body.roundId, voterId } }, select: { id: true } }))
      throw new VoteError(409, "you have voted on this round already");
    const [state] = await tx.$queryRaw<{ eligible: boolean; gold: boolean; token: string | null; own: boolean }[]>`
      SELECT (${votableRound}) AS eligible, ${goldRound} AS gold, r."verdictToken" AS token,
        EXISTS (SELECT 1 FROM "Agent" ag WHERE ag.id IN (m."agentAId", m."agentBId") AND ag."ownerId" = ${voterId}) AS own
      FROM "Round" r JOIN "Match" m ON m.id = r."matchId" WHERE r.id = ${body.roundId}`;
    if (!state?.eligible) throw new VoteError(409, "this round can no longer be voted on (voided or held back since it was served)");
    if ((await tx.vote.count({ where: { voterId, createdAt: { gte: since } } })) >= VOTE_LIMITS.perAccount) {
      throw new VoteError(429, `at most ${VOTE_LIMITS.perAccount} votes per account in 24 hours`);
    }
    if (hash && (await tx.vote.count({ where: { addressHash: hash, createdAt: { gte: since } } })) >= VOTE_LIMITS.perAddress) {
      throw new VoteError(429, `at most ${VOTE_LIMITS.perAddress} votes from one address in 24 hours`);
    }
    const matchVerdict = inSeats(body.verdict, view.seatsSwapped);
    const examiner = fromToken(state.token);
    const vote = await tx.vote.create({
      data: {
        roundId: body.roundId,
        voterId,
        verdict: matchVerdict,
        seatsSwapped: view.seatsSwapped,
        reason: body.reason ?? null,
        gold: state.gold,
        goldAgreed: state.gold && examiner ? winnerOf(matchVerdict) === winnerOf(examiner) : null,
        ownAgent: state.own,
        addressHash: hash,
        createdAt: now,
      },
      select: { verdict: true, reason: true, seatsSwapped: true },
    });
    return revealOf(tx, body.roundId, vote);
  }, VOTES_TX);
}
