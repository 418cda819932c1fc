import type { Prisma, PrismaClient } from "@arena/db";
import { AuditError } from "./errors";
import { drawSample, type Candidate } from "./sample";

import type { SAMPLINGS } from "./options";
import { newQueueSchema, type NewQueue } from "./requests";

/**
 * Creates a queue of judged rounds (not voided, not a forfeit: no judge gave those, with a verdict,
 * of completed matches) drawn as
 * `sampling` says from those the filters allow. Fewer rounds than `size` are taken when fewer
 * exist; none is an error.
 */
export async function createAuditQueue(db: PrismaClient, input: NewQueue, createdById: string | null) {
  const q = newQueueSchema.parse(input);
  const rounds = await db.round.findMany({
    where: {
      voided: false,
      forfeit: null,
      verdictToken: { not: null },
      match: {
        status: "completed",
        ...(q.examinerConfigId ? { examinerConfigId: q.examinerConfigId } : {}),
        ...(q.tournamentId ? { tournamentId: q.tournamentId } : {}),
        ...(q.agentId ? { OR: [{ agentAId: q.agentId }, { agentBId: q.agentId }] } : {}),
      },
    },
    select: {
      id: true,
      verdictToken: true,
      match: { select: { tournamentId: true, agentAId: true, agentBId: true, examinerConfigId: true } },
    },
    orderBy: [{ matchId: "asc" }, { number: "asc" }],
  });
  if (rounds.length === 0) throw new AuditError(422, "no judged round matches these filters");
  const strataOf: Record<(typeof SAMPLINGS)[number], (r: (typeof rounds)[number]) => string[]> = {
    random: () => [],
    verdict: (r) => [r.verdictToken!],
    tournament: (r) => [r.match.tournamentId ?? "standalone"],
    agent: (r) => [r.match.agentAId, r.match.agentBId],
    examiner: (r) => [r.match.examinerConfigId],
  };
  const candidates: Candidate[] = rounds.map((r) => ({ roundId: r.id, strata: strataOf[q.sampling](r) }));
  const drawn = drawSample(candidates, q.size, q.seed, q.sampling !== "random");
  const filter = { examinerConfigId: q.examinerConfigId, tournamentId: q.tournamentId, agentId: q.agentId };
  return db.$transaction(async (tx) => {
    const queue = await tx.auditQueue.create({
      data: {
        name: q.name,
        sampling: q.sampling,
        filter: filter as Prisma.InputJsonValue,
        size: drawn.length,
        annotatorsPerItem: q.annotatorsPerItem,
        seed: q.seed,
        hideQuestions: q.hideQuestions,
        createdById,
      },
    });
    await tx.auditItem.createMany({
      data: drawn.map((d, ordinal) => ({
        queueId: queue.id,
        roundId: d.roundId,
        ordinal,
        seatsSwapped: d.seatsSwapped,
        stratum: d.stratum,
      })),
    });
    return { id: queue.id, name: queue.name, items: drawn.length };
  });
}

/** Closes a queue: nothing more is handed out and answers can no longer be edited. */
export async function closeAuditQueue(db: PrismaClient, queueId: string): Promise<{ closed: boolean }> {
  const r = await db.auditQueue.updateMany({ where: { id: queueId, closedAt: null }, data: { closedAt: new Date() } });
  if (r.count === 0 && !(await db.auditQueue.findUnique({ where: { id: queueId }, select: { id: true } })))
    throw new AuditError(404, "audit queue not found");
  return { closed: true };
}
