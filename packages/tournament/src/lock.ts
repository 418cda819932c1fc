import type { Prisma } from "@arena/db";

/**
 * Advisory-lock namespaces (the first key of pg_advisory_xact_lock(int, int)); the second key is
 * hashtext(id). A hash collision between two ids only serialises work that could run in
 * parallel, it never lets two holders of the same id in. Other packages hold 5103 (audit queues)
 * and 5104–5105 (votes).
 */
export const LockSpace = { tournament: 5101, examiner: 5102, submissionOwner: 5106 } as const;

/** Interactive transaction limits: pairing a round and refitting take well under a second. */
export const TX_OPTIONS = { maxWait: 30_000, timeout: 120_000 } as const;

/** Blocks until this transaction holds the lock; released at commit or rollback. */
export async function lockFor(tx: Prisma.TransactionClient, space: number, id: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${space}::int, hashtext(${id}))`;
}
