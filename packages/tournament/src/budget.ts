import { budgetStop } from "@arena/core";
import type { Prisma, PrismaClient, Tournament } from "@arena/db";
import { lockFor, LockSpace, TX_OPTIONS } from "./lock";
import { tournamentSpending } from "./read/spending";

/**
 * Budgets (docs/tournaments.md): a running tournament whose research cost reached its cost cap, or one of
 * whose agents reached the per-agent cap, is paused with the reason stored. Checked by every tick
 * and by the match worker before it starts a queued match of a capped tournament, so the matches
 * queued behind the one that reached the cap do not start. A match already running is not
 * interrupted mid-round: the cost can pass the cap by what the matches running at that moment spend.
 */
export async function pauseIfOverBudget(
  tx: Prisma.TransactionClient,
  t: Pick<Tournament, "id" | "status" | "costCapUsd" | "agentCapUsd">,
): Promise<string | null> {
  if (t.status !== "running" || (t.costCapUsd === null && t.agentCapUsd === null)) return null;
  const reason = budgetStop(t, await tournamentSpending(tx, t.id));
  if (reason) await tx.tournament.update({ where: { id: t.id }, data: { status: "paused", pauseReason: reason } });
  return reason;
}

/**
 * Why a queued match of the tournament must not start, or null: checked under the tournament's
 * lock by the match worker. The tournament may have paused (at its cap, by a tick) since the worker
 * read its status, so a status other than running is a reason too. An uncapped tournament costs
 * one read.
 */
export async function enforceBudget(db: PrismaClient, tournamentId: string): Promise<string | null> {
  const caps = await db.tournament.findUnique({ where: { id: tournamentId }, select: { costCapUsd: true, agentCapUsd: true } });
  if (!caps || (caps.costCapUsd === null && caps.agentCapUsd === null)) return null;
  return db.$transaction(async (tx) => {
    await lockFor(tx, LockSpace.tournament, tournamentId);
    const t = await tx.tournament.findUniqueOrThrow({
      where: { id: tournamentId },
      select: { id: true, status: true, costCapUsd: true, agentCapUsd: true },
    });
    if (t.status !== "running") return `tournament ${t.status}`;
    return pauseIfOverBudget(tx, t);
  }, TX_OPTIONS);
}
