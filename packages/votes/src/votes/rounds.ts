import { VERDICT_TOKENS } from "@arena/core";
import { Prisma } from "@arena/db";

/**
 * The SQL that says which rounds people vote on, shared by serving (next.ts), casting (cast.ts)
 * and the gold figures. `r` is the round, `m` its match.
 */

/**
 * A round people vote on: judged by the examiner (a verdict token), not voided, not a forfeit,
 * with a question and two non-empty answers, of a completed match, and not held back by an open
 * audit queue that keeps its questions off public pages (a question shown here could be looked up
 * there by an auditor).
 */
export const votableRound = Prisma.sql`r.voided = false AND r.forfeit IS NULL AND r."verdictToken" IN (${Prisma.join([...VERDICT_TOKENS])})
    AND r.question IS NOT NULL AND r."answerA" ~ '\\S' AND r."answerB" ~ '\\S'
    AND m.status = 'completed'
    AND NOT EXISTS (SELECT 1 FROM "AuditItem" ai JOIN "AuditQueue" q ON q.id = ai."queueId" WHERE ai."roundId" = r.id AND q."hideQuestions" AND q."closedAt" IS NULL)`;

/** A votable round this voter may be served: of no agent they own. */
export function eligibleRound(voterId: string): Prisma.Sql {
  return Prisma.sql`${votableRound} AND NOT EXISTS (SELECT 1 FROM "Agent" ag WHERE ag.id IN (m."agentAId", m."agentBId") AND ag."ownerId" = ${voterId})`;
}

/**
 * A gold round: the examiner's verdict is decisive (A or B much better) and at least one auditor's
 * own verdict (C1, stored in match seats) names the same winner.
 */
export const goldRound = Prisma.sql`(r."verdictToken" IN ('[[A_MUCH_BETTER]]', '[[B_MUCH_BETTER]]') AND EXISTS (
    SELECT 1 FROM "Annotation" an WHERE an."roundId" = r.id AND (
      (r."verdictToken" = '[[A_MUCH_BETTER]]' AND an."ownVerdict" IN ('A_MUCH_BETTER', 'A_BETTER'))
      OR (r."verdictToken" = '[[B_MUCH_BETTER]]' AND an."ownVerdict" IN ('B_MUCH_BETTER', 'B_BETTER')))))`;

/** Advisory-lock namespaces (tournaments use 5101 and 5102, audit queues 5103): one voter's, one address's. */
export const VOTER_LOCK = 5104;
export const ADDRESS_LOCK = 5105;

export const VOTES_TX = { maxWait: 20_000, timeout: 30_000 } as const;

/** Serialises one voter's (or one address's) serving and voting, so limits and "one open round" hold under concurrency. */
export async function lockKey(tx: Prisma.TransactionClient, namespace: number, key: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${namespace}::int, hashtext(${key}))`;
}
