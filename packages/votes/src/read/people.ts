import { describeRating, RATING_FLAGS } from "@arena/core";
import type { Db } from "@arena/db";
import { z } from "zod";
import { agreementLine } from "../people/line";
import { MIN_VOTES_PER_AGENT } from "../people/minimum";
import { peopleAgreementSchema, peopleRatingRowSchema } from "../people/schemas";

/**
 * The people's leaderboard (docs/voting.md), served from the latest PeopleSnapshot a worker
 * stored: never refitted per request, so page, JSON API, CSV and CLI show the same numbers.
 */

export const peopleParamsSchema = z.object({ examiner: z.string().min(1).max(200).optional() });
export type PeopleParams = z.infer<typeof peopleParamsSchema>;

export const peopleRowSchema = peopleRatingRowSchema.extend({
  /** Fewer counted verdicts than the minimum for the rank correlations: read with care. */
  preliminary: z.boolean(),
  ratingFlag: z.enum(RATING_FLAGS),
});
export type PeopleRow = z.infer<typeof peopleRowSchema>;

export const peopleLeaderboardSchema = z.object({
  /** The rounds the people's verdicts were on: one examiner configuration's, or every round (null). */
  examiner: z.object({ id: z.string(), name: z.string() }).nullable(),
  snapshot: z.object({ id: z.string(), createdAt: z.string(), votesCounted: z.number().int() }).nullable(),
  /** Counted verdicts an agent needs before it enters the agreement (rows below it are preliminary). */
  minVotesPerAgent: z.number().int(),
  rows: z.array(peopleRowSchema),
  agreement: peopleAgreementSchema.nullable(),
  /** The header's line: "agrees with people: ρ 0.91 [0.78, 0.97], 1,240 votes" or "not enough votes yet". */
  agreementLine: z.string(),
  /** The examiner configuration the agreement compares with (for every round: the most rated one). */
  comparedWith: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type PeopleLeaderboard = z.infer<typeof peopleLeaderboardSchema>;

export const peopleAgreementViewSchema = z.object({
  agreement: peopleAgreementSchema.nullable(),
  line: z.string(),
  votesCounted: z.number().int(),
});
export type PeopleAgreementView = z.infer<typeof peopleAgreementViewSchema>;

async function latest(db: Db, examinerConfigId: string | null) {
  return db.peopleSnapshot.findFirst({ where: { examinerConfigId }, orderBy: { createdAt: "desc" } });
}

/** The people's leaderboard of an examiner configuration's rounds, or of every round; null for an unknown configuration. */
export async function readPeopleLeaderboard(db: Db, params: PeopleParams = {}): Promise<PeopleLeaderboard | null> {
  const config = params.examiner
    ? await db.examinerConfig.findUnique({ where: { id: params.examiner }, select: { id: true, name: true } })
    : null;
  if (params.examiner && !config) return null;
  const snapshot = await latest(db, config?.id ?? null);
  const rows = snapshot ? z.array(peopleRatingRowSchema).parse(snapshot.ratings) : [];
  const agreement = snapshot ? peopleAgreementSchema.parse(snapshot.agreement) : null;
  const compared = agreement?.examinerConfigId
    ? await db.examinerConfig.findUnique({ where: { id: agreement.examinerConfigId }, select: { id: true, name: true } })
    : null;
  return peopleLeaderboardSchema.parse({
    examiner: config,
    snapshot: snapshot ? { id: snapshot.id, createdAt: snapshot.createdAt.toISOString(), votesCounted: snapshot.votesCounted } : null,
    minVotesPerAgent: MIN_VOTES_PER_AGENT,
    rows: rows.map((r) => ({ ...r, preliminary: r.games < MIN_VOTES_PER_AGENT, ratingFlag: describeRating(r).flag })),
    agreement,
    agreementLine: agreementLine(agreement),
    comparedWith: compared,
  });
}

/** The agreement line of an examiner configuration's leaderboard header (its rounds' people's snapshot). */
export async function readPeopleAgreement(db: Db, examinerConfigId: string): Promise<PeopleAgreementView> {
  const snapshot = await latest(db, examinerConfigId);
  const agreement = snapshot ? peopleAgreementSchema.parse(snapshot.agreement) : null;
  return peopleAgreementViewSchema.parse({ agreement, line: agreementLine(agreement), votesCounted: snapshot?.votesCounted ?? 0 });
}
