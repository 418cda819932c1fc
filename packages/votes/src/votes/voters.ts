import type { PrismaClient } from "@arena/db";
import { VoteError } from "./errors";
import { exclusionRequestSchema } from "./requests";

/**
 * An admin leaves a voter's votes out of the people's leaderboard. Nothing is deleted: the votes
 * stay, and includeVoter takes the exclusion back. Excluding again replaces the reason.
 */
export async function excludeVoter(
  db: PrismaClient,
  input: { voterId: string; adminId: string; reason: string },
): Promise<{ voterId: string; excluded: true }> {
  const { reason } = exclusionRequestSchema.parse({ reason: input.reason });
  if (!(await db.user.findUnique({ where: { id: input.voterId }, select: { id: true } }))) throw new VoteError(404, "no such account");
  await db.voterExclusion.upsert({
    where: { voterId: input.voterId },
    create: { voterId: input.voterId, excludedById: input.adminId, reason },
    update: { excludedById: input.adminId, reason },
  });
  return { voterId: input.voterId, excluded: true };
}

/** Takes an exclusion back: the voter's votes count again (404 when they were not excluded). */
export async function includeVoter(db: PrismaClient, input: { voterId: string }): Promise<{ voterId: string; excluded: false }> {
  const { count } = await db.voterExclusion.deleteMany({ where: { voterId: input.voterId } });
  if (count === 0) throw new VoteError(404, "this account is not excluded");
  return { voterId: input.voterId, excluded: false };
}
