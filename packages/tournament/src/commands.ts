import type { PrismaClient } from "@arena/db";
import { enqueueTick, type TournamentQueues } from "./jobs";
import { addParticipant, resumeTournament, startTournament, TournamentStateError } from "./lifecycle";

/**
 * Tournament workflows as the CLI, the web console and the worker call them: each changes the
 * state in PostgreSQL, then sends the tick that makes the workers act on it (pair a round,
 * re-enqueue unfinished matches). The state change commits first, so a lost tick is repaired by
 * the reconciler's periodic tick.
 */
type TickQueue = Pick<TournamentQueues, "tournament">;

/** draft → running, then the tick that pairs round 1. */
export async function launchTournament(db: PrismaClient, queues: TickQueue, id: string) {
  const t = await startTournament(db, id);
  await enqueueTick(queues.tournament, id, "start");
  return t;
}

/** paused → running, then a tick that re-enqueues the round's unfinished matches. */
export async function resumeAndTick(db: PrismaClient, queues: TickQueue, id: string) {
  const t = await resumeTournament(db, id);
  await enqueueTick(queues.tournament, id, `resume-${Date.now()}`);
  return t;
}

/**
 * Late entrant (see addParticipant): it is paired from the next Swiss round on, with no score
 * before it. The tick lets a round that finished meanwhile pair the next one at once.
 */
export async function addAgentAndTick(db: PrismaClient, queues: TickQueue, id: string, agentId: string) {
  const p = await addParticipant(db, id, agentId);
  await enqueueTick(queues.tournament, id, `join-${agentId}`);
  return p;
}

/**
 * The tournament an approved agent joins: the most recently started running one with a round
 * left to pair. Null when there is none (the agent then waits for the next tournament).
 */
export async function openTournament(db: PrismaClient): Promise<{ id: string; name: string } | null> {
  const running = await db.tournament.findMany({
    where: { status: "running" },
    orderBy: { startedAt: "desc" },
    select: { id: true, name: true, currentRound: true, swissRounds: true, mode: true },
  });
  const open = running.find((t) => t.mode === "continuous" || t.currentRound < t.swissRounds);
  return open ? { id: open.id, name: open.name } : null;
}

/**
 * Approves a submitted agent and enters it into the open tournament as a late entrant.
 * Idempotent: approving again, or an agent already playing there, changes nothing more.
 */
export async function approveAgent(
  db: PrismaClient,
  queues: TickQueue,
  agentId: string,
): Promise<{ joined: { tournamentId: string; round: number } | null }> {
  // One statement: a withdrawal or retirement racing this approval wins or loses as a whole.
  const { count } = await db.agent.updateMany({
    where: { id: agentId, approval: { not: "withdrawn" }, retiredAt: null },
    data: { approval: "approved" },
  });
  if (count === 0) {
    const agent = await db.agent.findUnique({ where: { id: agentId }, select: { name: true, approval: true, retiredAt: true } });
    throw new TournamentStateError(
      agent
        ? `${agent.name} cannot be approved: ${agent.retiredAt ? "retired by its owner" : "withdrawn by its owner"}`
        : `no agent ${agentId}`,
    );
  }
  const open = await openTournament(db);
  if (!open) return { joined: null };
  try {
    const p = await addAgentAndTick(db, queues, open.id, agentId);
    return { joined: { tournamentId: open.id, round: p.joinedRound } };
  } catch (err) {
    if (err instanceof TournamentStateError) return { joined: null };
    throw err;
  }
}
