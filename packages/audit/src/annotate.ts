import type { Prisma, PrismaClient } from "@arena/db";
import { AuditError } from "./errors";
import { AUDIT_TX, claimIn, type Tx } from "./holds";
import { swapSeats } from "./options";
import { answersSchema, reviewSchema, type Answers, type Review } from "./requests";

const stored = {
  deepValidity: true,
  wideValidity: true,
  evolution: true,
  checklistFacts: true,
  ownVerdict: true,
  agree: true,
  comment: true,
  seatsSwapped: true,
} as const;

async function revise(tx: Tx, who: string, target: { annotationId: string } | { matchAnswerId: string }, before: unknown, after: unknown) {
  await tx.annotationRevision.create({
    data: {
      ...target,
      editorId: who,
      before: (before ?? undefined) as Prisma.InputJsonValue | undefined,
      after: after as Prisma.InputJsonValue,
    },
  });
}

/**
 * Stores (or, while the queue is open, edits) an auditor's A1–A3, B1 and C1 for one item, with a
 * revision holding who, when, before and after. C1 is stored in the match's seats: an item shown
 * with swapped seats has its verdict mirrored back. A3 is asked from a match's second round on.
 * Submitting releases the auditor's hold.
 */
export async function submitAnswers(db: PrismaClient, itemId: string, auditorId: string, input: Answers, now = new Date()) {
  const a = answersSchema.parse(input);
  return db.$transaction(async (tx) => {
    const { closed } = await claimIn(tx, itemId, auditorId, now);
    if (closed) throw new AuditError(409, "this audit queue is closed; answers can no longer change");
    const item = await tx.auditItem.findUniqueOrThrow({
      where: { id: itemId },
      select: { roundId: true, seatsSwapped: true, round: { select: { number: true } } },
    });
    if (item.round.number > 1 && a.evolution === null) throw new AuditError(422, "evolution (A3): answer yes or no");
    const data = {
      deepValidity: a.deepValidity,
      wideValidity: a.wideValidity,
      evolution: item.round.number > 1 ? a.evolution : null,
      checklistFacts: a.checklistFacts,
      ownVerdict: item.seatsSwapped ? swapSeats(a.ownVerdict) : a.ownVerdict,
      ...(a.comment !== undefined ? { comment: a.comment } : {}),
    };
    const before = await tx.annotation.findUnique({ where: { itemId_auditorId: { itemId, auditorId } }, select: { id: true, ...stored } });
    const row = before
      ? await tx.annotation.update({ where: { id: before.id }, data, select: { id: true, ...stored } })
      : await tx.annotation.create({
          data: { ...data, itemId, roundId: item.roundId, auditorId, seatsSwapped: item.seatsSwapped },
          select: { id: true, ...stored },
        });
    await revise(tx, auditorId, { annotationId: row.id }, before ? strip(before) : null, strip(row));
    await tx.auditHold.deleteMany({ where: { itemId, auditorId } });
    return { annotationId: row.id };
  }, AUDIT_TX);
}

/** D1 (and D2 for the item's match when given): only after the auditor's own C1 is stored. */
export async function submitReview(db: PrismaClient, itemId: string, auditorId: string, input: Review) {
  const r = reviewSchema.parse(input);
  return db.$transaction(async (tx) => {
    const before = await tx.annotation.findUnique({
      where: { itemId_auditorId: { itemId, auditorId } },
      select: {
        id: true,
        ...stored,
        item: { select: { queueId: true, queue: { select: { closedAt: true } }, round: { select: { matchId: true } } } },
      },
    });
    if (!before) throw new AuditError(409, "submit your own verdict (C1) first");
    if (before.item.queue.closedAt) throw new AuditError(409, "this audit queue is closed; answers can no longer change");
    const after = await tx.annotation.update({
      where: { id: before.id },
      data: { agree: r.agree, ...(r.comment !== undefined ? { comment: r.comment } : {}) },
      select: { id: true, ...stored },
    });
    await revise(tx, auditorId, { annotationId: before.id }, strip(before), strip(after));
    if (r.sufficiency) {
      const key = { queueId: before.item.queueId, matchId: before.item.round.matchId, auditorId };
      const prev = await tx.auditMatchAnswer.findUnique({
        where: { queueId_matchId_auditorId: key },
        select: { id: true, sufficiency: true },
      });
      const row = prev
        ? await tx.auditMatchAnswer.update({ where: { id: prev.id }, data: { sufficiency: r.sufficiency } })
        : await tx.auditMatchAnswer.create({ data: { ...key, sufficiency: r.sufficiency } });
      await revise(tx, auditorId, { matchAnswerId: row.id }, prev ? { sufficiency: prev.sufficiency } : null, {
        sufficiency: row.sufficiency,
      });
    }
    return { annotationId: before.id };
  }, AUDIT_TX);
}

function strip<T extends { id: string; item?: unknown }>(row: T) {
  const { id: _id, item: _item, ...rest } = row;
  return rest;
}
