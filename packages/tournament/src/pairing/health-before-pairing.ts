import { recheckAgentHealth } from "@arena/agents";
import { failingAgentIds } from "@arena/agents/play-health";
import type { Db, PrismaClient } from "@arena/db";

/**
 * A failing agent (its last rounds all ended in its error, or its last health check failed) is
 * health-checked before it is put in a new pairing. A check that passes makes it healthy again
 * (its error count starts over) and it is paired; one that fails is recorded on the agent
 * (unhealthy, with the check's class and detail, which its owner sees) and it sits the new round
 * out. The checks are network calls, so they run before the pairing transaction, never inside
 * it; the transaction then leaves out every participant still failing (withoutFailing), so an
 * agent that failed its check, or that became failing after the checks ran, is never paired.
 *
 * An agent whose check failed less than RECHECK_SPACING_MS ago is not checked again: every
 * tournament tick would otherwise call a dead endpoint; it sits out on that result.
 */
export const RECHECK_SPACING_MS = 60_000;

export interface HealthGateDeps {
  /** Hosts the address guard lets through (default: the operator's allow-list). */
  allow?: string[];
  now?: () => Date;
}

/** Whether the tournament pairs anything on this tick: running, and (Swiss) its current round finished. */
async function pairsNow(db: PrismaClient, tournamentId: string): Promise<boolean> {
  const t = await db.tournament.findUnique({
    where: { id: tournamentId },
    select: { status: true, mode: true, currentRound: true, swissRounds: true },
  });
  if (t?.status !== "running") return false;
  if (t.mode === "continuous") return true;
  if (t.currentRound >= t.swissRounds) return false;
  const unfinished = await db.match.count({
    where: { tournamentId, status: { in: ["queued", "running"] }, pairing: { round: { number: t.currentRound } } },
  });
  return unfinished === 0;
}

/** Participants without the failing ones: what a pairing transaction pairs. */
export async function withoutFailing<P extends { agentId: string }>(tx: Db, participants: P[]): Promise<P[]> {
  const failing = await failingAgentIds(
    tx,
    participants.map((p) => p.agentId),
  );
  return participants.filter((p) => !failing.has(p.agentId));
}

/** Health-checks the failing participants before a pairing; returns those whose check failed. */
export async function healthGateBeforePairing(db: PrismaClient, tournamentId: string, deps: HealthGateDeps = {}): Promise<Set<string>> {
  const satOut = new Set<string>();
  if (!(await pairsNow(db, tournamentId))) return satOut;
  const participants = await db.tournamentParticipant.findMany({
    where: { tournamentId, leftAt: null, agent: { status: { not: "disabled" }, retiredAt: null } },
    select: { agent: { select: { id: true, status: true, healthAt: true } } },
  });
  const failing = await failingAgentIds(
    db,
    participants.map((p) => p.agent.id),
  );
  const now = (deps.now ?? (() => new Date()))().getTime();
  for (const { agent } of participants) {
    if (!failing.has(agent.id)) continue;
    const checkedRecently = agent.status === "unhealthy" && agent.healthAt !== null && now - agent.healthAt.getTime() < RECHECK_SPACING_MS;
    if (checkedRecently) {
      satOut.add(agent.id);
      continue;
    }
    const result = await recheckAgentHealth(db, agent.id, deps.allow ? { allow: deps.allow } : {});
    if (!result.ok) satOut.add(agent.id);
  }
  return satOut;
}
