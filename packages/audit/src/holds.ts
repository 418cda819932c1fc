import { Prisma, type PrismaClient } from "@arena/db";
import { AuditError } from "./errors";

/** How long "next item" keeps an item for the auditor it gave it to. */
export const HOLD_MS = 5 * 60_000;

/** Advisory-lock namespace of audit queues (the tournament package uses 5101 and 5102). */
const QUEUE_LOCK = 5103;
const TX = { maxWait: 20_000, timeout: 30_000 } as const;

export type Tx = Prisma.TransactionClient;

/**
 * Every hand-out and claim of one queue runs under the queue's advisory lock, so two auditors
 * asking at once are served one after the other and see each other's holds: a slot counted free
 * by one cannot be taken by the other in between.
 */
export async function lockQueue(tx: Tx, queueId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${QUEUE_LOCK}::int, hashtext(${queueId}))`;
}

/** Timestamps are stored as UTC wall time: compare with an ISO string cast, never a local-time Date. */
const ts = (d: Date) => Prisma.sql`${d.toISOString()}::timestamp(3)`;

/**
 * Items of a queue with a free slot for `auditorId`, oldest (lowest ordinal) first: not annotated
 * by them, and annotations plus other auditors' live holds (of auditors who have not annotated
 * it yet) below the queue's annotators per item.
 */
async function openItems(tx: Tx, queueId: string, auditorId: string, now: Date, only: string | null): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT i.id FROM "AuditItem" i JOIN "AuditQueue" q ON q.id = i."queueId"
    WHERE i."queueId" = ${queueId} ${only ? Prisma.sql`AND i.id = ${only}` : Prisma.empty}
      AND NOT EXISTS (SELECT 1 FROM "Annotation" a WHERE a."itemId" = i.id AND a."auditorId" = ${auditorId})
      AND (SELECT count(*) FROM "Annotation" a WHERE a."itemId" = i.id)
        + (SELECT count(*) FROM "AuditHold" h WHERE h."itemId" = i.id AND h."expiresAt" > ${ts(now)} AND h."auditorId" <> ${auditorId}
             AND NOT EXISTS (SELECT 1 FROM "Annotation" a2 WHERE a2."itemId" = i.id AND a2."auditorId" = h."auditorId"))
        < q."annotatorsPerItem"
    ORDER BY i.ordinal
    LIMIT 1`;
  return rows.map((r) => r.id);
}

async function hold(tx: Tx, itemId: string, auditorId: string, now: Date): Promise<void> {
  const expiresAt = new Date(now.getTime() + HOLD_MS);
  await tx.auditHold.upsert({
    where: { itemId_auditorId: { itemId, auditorId } },
    create: { itemId, auditorId, expiresAt },
    update: { expiresAt },
  });
}

/**
 * "Next item": the item this auditor already holds (its hold renewed), else the oldest item that
 * still needs annotators and that they have not done, held for them for HOLD_MS. Null when the
 * queue has nothing left for them (or is closed). An abandoned hold simply expires.
 */
export async function nextItem(db: PrismaClient, queueId: string, auditorId: string, now = new Date()): Promise<{ itemId: string } | null> {
  return db.$transaction(async (tx) => {
    await lockQueue(tx, queueId);
    const queue = await tx.auditQueue.findUnique({ where: { id: queueId }, select: { closedAt: true } });
    if (!queue) throw new AuditError(404, "audit queue not found");
    if (queue.closedAt) return null;
    await tx.auditHold.deleteMany({ where: { item: { queueId }, expiresAt: { lte: now } } });
    const mine = await tx.auditHold.findFirst({
      where: { auditorId, expiresAt: { gt: now }, item: { queueId, annotations: { none: { auditorId } } } },
      orderBy: { item: { ordinal: "asc" } },
      select: { itemId: true },
    });
    const itemId = mine?.itemId ?? (await openItems(tx, queueId, auditorId, now, null))[0];
    if (!itemId) return null;
    await hold(tx, itemId, auditorId, now);
    return { itemId };
  }, TX);
}

export type Claim = "annotated" | "held";

/**
 * Opening an item by its address: an auditor may see an item they annotated (to edit it while
 * the queue is open) or one they hold; otherwise they get a hold if a slot is free, else 409.
 * Runs inside the caller's transaction (the submit commands call it too).
 */
export async function claimIn(
  tx: Tx,
  itemId: string,
  auditorId: string,
  now: Date,
): Promise<{ claim: Claim; queueId: string; closed: boolean }> {
  const item = await tx.auditItem.findUnique({ where: { id: itemId }, select: { queueId: true, queue: { select: { closedAt: true } } } });
  if (!item) throw new AuditError(404, "audit item not found");
  await lockQueue(tx, item.queueId);
  const closed = item.queue.closedAt !== null;
  if (await tx.annotation.findUnique({ where: { itemId_auditorId: { itemId, auditorId } }, select: { id: true } }))
    return { claim: "annotated", queueId: item.queueId, closed };
  if (closed) throw new AuditError(409, "This audit queue is closed.");
  const held = await tx.auditHold.findUnique({ where: { itemId_auditorId: { itemId, auditorId } } });
  if (!(held && held.expiresAt > now) && (await openItems(tx, item.queueId, auditorId, now, itemId)).length === 0) {
    throw new AuditError(409, "This item is held or done by enough other auditors; take the next item instead.");
  }
  await hold(tx, itemId, auditorId, now);
  return { claim: "held", queueId: item.queueId, closed };
}

export async function claimItem(db: PrismaClient, itemId: string, auditorId: string, now = new Date()) {
  return db.$transaction((tx) => claimIn(tx, itemId, auditorId, now), TX);
}

export { TX as AUDIT_TX };
