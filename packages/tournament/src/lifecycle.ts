import { DEFAULT_PAIRING, swissRoundCount, tournamentModeSchema, tournamentPairingSchema } from "@arena/core";
import type { Prisma, PrismaClient, Tournament, TournamentStatus } from "@arena/db";
import { z } from "zod";
import { lockFor, LockSpace, TX_OPTIONS } from "./lock";
import { TOURNAMENT_ACTIONS } from "./read/actions";

/** A lifecycle operation that the tournament's current status does not allow. */
export class TournamentStateError extends Error {}
/** A tournament that names agents or trees the arena does not have. */
export class TournamentInputError extends Error {}

const idSchema = z.string().min(1).max(200);

const newTournamentSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    agentIds: z.array(idSchema).min(2),
    treeIds: z.array(idSchema).min(1),
    /** Default ceil(log2 n) + 1 (docs/method.md §6). */
    swissRounds: z.number().int().min(1).max(64).optional(),
    /** Default: every tree. */
    treesPerPairing: z.number().int().min(1).optional(),
    examinerConfigId: idSchema,
    seed: z.string().min(1).max(200),
    seatAlternation: z.boolean().default(true),
    /** Optional caps (USD): the tournament pauses when its research cost, or one agent's, reaches them. */
    costCapUsd: z.number().positive().max(1e9).nullable().default(null),
    agentCapUsd: z.number().positive().max(1e9).nullable().default(null),
    /** rounds (default: swissRounds rounds, the paper's) or continuous (no last round; swissRounds is then ignored). */
    mode: tournamentModeSchema.default("rounds"),
    /** Swiss (the paper's, default) or information-seeking pairing. */
    pairing: tournamentPairingSchema.default(DEFAULT_PAIRING),
    /** Report scoring of every finished round (packages/scoring); on by default. */
    scoreReports: z.boolean().default(true),
  })
  .strict()
  .refine((t) => new Set(t.agentIds).size === t.agentIds.length, { message: "agent ids must be unique", path: ["agentIds"] })
  .refine((t) => new Set(t.treeIds).size === t.treeIds.length, { message: "tree ids must be unique", path: ["treeIds"] })
  .refine((t) => t.treesPerPairing === undefined || t.treesPerPairing <= t.treeIds.length, {
    message: "treesPerPairing cannot exceed the number of trees",
    path: ["treesPerPairing"],
  });
export type NewTournament = z.input<typeof newTournamentSchema>;

type AgentStanding = { name: string; approval: string; retiredAt: Date | null };

/**
 * Why an agent may not enter a tournament, or null. Only approved agents play: a pending submission
 * is not public yet (a tournament would name it on public pages), a withdrawn or retired one plays
 * no more. Every way into a tournament (creation, a late entrant; CLI and console alike) asks this.
 */
function entryRefusal(agent: AgentStanding): string | null {
  if (agent.retiredAt || agent.approval === "withdrawn")
    return `agent ${agent.name} was ${agent.retiredAt ? "retired" : "withdrawn"} by its owner and plays no more`;
  if (agent.approval !== "approved") return `agent ${agent.name} is ${agent.approval} approval: only approved agents play in tournaments`;
  return null;
}

/** Stores a draft tournament: its participants (joined from round 1) and trees (in the given order). */
export async function createTournament(db: PrismaClient, input: NewTournament): Promise<Tournament> {
  const t = newTournamentSchema.parse(input);
  const [agents, trees] = await Promise.all([
    db.agent.findMany({ where: { id: { in: t.agentIds } }, select: { name: true, approval: true, retiredAt: true } }),
    db.tree.count({ where: { id: { in: t.treeIds }, retiredAt: null } }),
    db.examinerConfig.findUniqueOrThrow({ where: { id: t.examinerConfigId } }),
  ]);
  if (agents.length !== t.agentIds.length) throw new TournamentInputError("unknown agent id in agentIds");
  const refusals = agents.flatMap((a) => entryRefusal(a) ?? []);
  if (refusals.length) throw new TournamentInputError(refusals.join("; "));
  if (trees !== t.treeIds.length) throw new TournamentInputError("unknown or retired tree id in treeIds (retired trees play no new match)");
  return db.tournament.create({
    data: {
      name: t.name,
      examinerConfigId: t.examinerConfigId,
      seed: t.seed,
      swissRounds: t.swissRounds ?? swissRoundCount(t.agentIds.length),
      treesPerPairing: t.treesPerPairing ?? t.treeIds.length,
      seatAlternation: t.seatAlternation,
      pairing: t.pairing,
      mode: t.mode,
      costCapUsd: t.costCapUsd,
      agentCapUsd: t.agentCapUsd,
      scoreReports: t.scoreReports,
      participants: { create: t.agentIds.map((agentId) => ({ agentId, joinedRound: 1 })) },
      trees: { create: t.treeIds.map((treeId, ordinal) => ({ treeId, ordinal })) },
    },
  });
}

/** Runs `fn` holding the tournament's lock (the same one advanceTournament takes). */
function withTournamentLock<T>(db: PrismaClient, id: string, fn: (tx: Prisma.TransactionClient, t: Tournament) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => {
    await lockFor(tx, LockSpace.tournament, id);
    const t = await tx.tournament.findUnique({ where: { id } });
    if (!t) throw new Error(`no tournament ${id}`);
    return fn(tx, t);
  }, TX_OPTIONS);
}

function requireStatus(t: Tournament, allowed: readonly TournamentStatus[], action: string): void {
  if (!allowed.includes(t.status)) throw new TournamentStateError(`cannot ${action} tournament ${t.id}: it is ${t.status}`);
}

/** draft → running. The caller enqueues the first tick (enqueueTick) so round 1 is paired. */
export function startTournament(db: PrismaClient, id: string): Promise<Tournament> {
  return withTournamentLock(db, id, (tx, t) => {
    requireStatus(t, TOURNAMENT_ACTIONS.start, "start");
    return tx.tournament.update({ where: { id }, data: { status: "running", startedAt: new Date() } });
  });
}

/**
 * running → paused. Matches already running finish (a match is not interrupted mid-round);
 * queued ones are skipped by the match worker and re-enqueued by the tick after resume.
 */
export function pauseTournament(db: PrismaClient, id: string): Promise<Tournament> {
  return withTournamentLock(db, id, (tx, t) => {
    requireStatus(t, TOURNAMENT_ACTIONS.pause, "pause");
    return tx.tournament.update({ where: { id }, data: { status: "paused" } });
  });
}

/** paused → running. The caller enqueues a tick, which re-enqueues the round's unfinished matches. */
export function resumeTournament(db: PrismaClient, id: string): Promise<Tournament> {
  return withTournamentLock(db, id, (tx, t) => {
    requireStatus(t, TOURNAMENT_ACTIONS.resume, "resume");
    // A cap still reached pauses it again at the next tick, with the reason.
    return tx.tournament.update({ where: { id }, data: { status: "running", pauseReason: null } });
  });
}

const budgetSchema = z
  .object({
    costCapUsd: z.number().positive().max(1e9).nullable().optional(),
    agentCapUsd: z.number().positive().max(1e9).nullable().optional(),
  })
  .strict();
export type TournamentBudget = z.input<typeof budgetSchema>;

/** Sets or clears (null) a tournament's caps; a field left out stays as it is. Any status but cancelled or completed. */
export function setTournamentBudget(db: PrismaClient, id: string, input: TournamentBudget): Promise<Tournament> {
  const budget = budgetSchema.parse(input);
  return withTournamentLock(db, id, (tx, t) => {
    requireStatus(t, ["draft", "running", "paused"], "set the budget of");
    return tx.tournament.update({ where: { id }, data: budget });
  });
}

/**
 * Cancels a draft, running or paused tournament: queued matches become cancelled (the worker
 * skips them), the open round is marked cancelled. A match already running finishes and its
 * result is kept (ratings of the tournament stay as far as it got).
 */
export function cancelTournament(db: PrismaClient, id: string): Promise<{ tournament: Tournament; cancelledMatches: number }> {
  return withTournamentLock(db, id, async (tx, t) => {
    requireStatus(t, TOURNAMENT_ACTIONS.cancel, "cancel");
    const { count } = await tx.match.updateMany({ where: { tournamentId: id, status: "queued" }, data: { status: "cancelled" } });
    await tx.tournamentRound.updateMany({
      where: { tournamentId: id, status: { in: ["queued", "running"] } },
      data: { status: "cancelled" },
    });
    const tournament = await tx.tournament.update({ where: { id }, data: { status: "cancelled", finishedAt: new Date() } });
    return { tournament, cancelledMatches: count };
  });
}

/**
 * Late entrant: paired from the next round on (joinedRound = currentRound + 1), past rounds are
 * not replayed. In a fixed-round tournament its rating starts at the scale's mean (1000) until it
 * has played; in a continuous one it first plays placement matches (pairing/continuous.ts).
 */
export function addParticipant(db: PrismaClient, id: string, agentId: string) {
  return withTournamentLock(db, id, async (tx, t) => {
    requireStatus(t, TOURNAMENT_ACTIONS.addAgent, "add an agent to");
    const agent = await tx.agent.findUniqueOrThrow({ where: { id: agentId } });
    const refusal = entryRefusal(agent);
    if (refusal) throw new (agent.approval === "pending" ? TournamentInputError : TournamentStateError)(refusal);
    const existing = await tx.tournamentParticipant.findUnique({ where: { tournamentId_agentId: { tournamentId: id, agentId } } });
    if (existing) throw new TournamentStateError(`agent ${agentId} already plays in tournament ${id}`);
    if (t.mode === "rounds" && t.currentRound >= t.swissRounds)
      throw new TournamentStateError(`tournament ${id} has no round left to join`);
    return tx.tournamentParticipant.create({ data: { tournamentId: id, agentId, joinedRound: t.currentRound + 1 } });
  });
}

/**
 * An agent leaves a continuous tournament: it is paired no more (a match it is playing finishes);
 * its matches and ratings stay. A fixed-round tournament keeps its field (disable the agent instead).
 */
export function removeParticipant(db: PrismaClient, id: string, agentId: string) {
  return withTournamentLock(db, id, async (tx, t) => {
    if (t.mode !== "continuous")
      throw new TournamentStateError(`tournament ${id} has fixed rounds: only a continuous tournament lets agents leave`);
    const p = await tx.tournamentParticipant.findUnique({ where: { tournamentId_agentId: { tournamentId: id, agentId } } });
    if (!p || p.leftAt) throw new TournamentStateError(`agent ${agentId} does not play in tournament ${id}`);
    return tx.tournamentParticipant.update({
      where: { tournamentId_agentId: { tournamentId: id, agentId } },
      data: { leftAt: new Date() },
    });
  });
}
