import type { Db } from "@arena/db";

/**
 * A fingerprint of everything the people's snapshots are computed from: votes (cast, and so gold
 * agreement), auditors' annotations, voter exclusions (added or lifted), voided rounds (counted by
 * their RoundVoid rows, the one way a round is voided, rather than by scanning the rounds) and the
 * examiner's examiner-wide snapshots. Counts catch deletions (an exclusion lifted), latest times
 * catch edits (an annotation changed). A few aggregates over small or indexed tables: cheap enough
 * for the reconciler to ask every few seconds whether a recomputation is due.
 */
export async function peopleBasis(db: Db): Promise<string> {
  const [row] = await db.$queryRaw<{ basis: string }[]>`
    SELECT concat_ws('|',
      (SELECT count(*) || ':' || coalesce(max("createdAt")::text, '') FROM "Vote"),
      (SELECT count(*) || ':' || coalesce(max("updatedAt")::text, '') FROM "Annotation"),
      (SELECT count(*) || ':' || coalesce(max("createdAt")::text, '') FROM "VoterExclusion"),
      (SELECT count(*)::text FROM "RoundVoid"),
      (SELECT count(*) || ':' || coalesce(max("createdAt")::text, '') FROM "RatingSnapshot" WHERE "tournamentId" IS NULL)
    ) AS basis`;
  return row!.basis;
}
