import type { JobStatus, PrismaClient, TournamentStatus } from "@arena/db";
import type { SnapshotRow } from "./read/schemas";
import { latestSnapshot } from "./ratings/snapshots";

/** Match statuses no worker will change again. */
const FINISHED_MATCH = ["completed", "failed", "cancelled"] as const satisfies readonly JobStatus[];

export interface TournamentStatusReport {
  id: string;
  name: string;
  status: TournamentStatus;
  examinerConfigId: string;
  seed: string;
  currentRound: number;
  swissRounds: number;
  treesPerPairing: number;
  trees: number;
  participants: { agentId: string; name: string; joinedRound: number; byes: number }[];
  /** Every match of the tournament so far, by status. */
  matches: { total: number; completed: number; running: number; queued: number; failed: number; cancelled: number };
  /** Matches of the current round: done (completed, failed or cancelled: none will run again) of total. */
  round: { number: number; done: number; total: number };
  /** The latest tournament snapshot, best first (empty before the first rated match). */
  ratings: SnapshotRow[];
}

export async function tournamentStatus(db: PrismaClient, id: string): Promise<TournamentStatusReport> {
  const t = await db.tournament.findUnique({
    where: { id },
    include: {
      participants: { include: { agent: { select: { name: true } } }, orderBy: { createdAt: "asc" } },
      _count: { select: { trees: true } },
    },
  });
  if (!t) throw new Error(`no tournament ${id}`);
  const [byStatus, current, ratings] = await Promise.all([
    db.match.groupBy({ by: ["status"], where: { tournamentId: id }, _count: { _all: true } }),
    db.match.groupBy({
      by: ["status"],
      where: { tournamentId: id, pairing: { round: { number: t.currentRound } } },
      _count: { _all: true },
    }),
    latestSnapshot(db, { tournamentId: id }),
  ]);
  const count = (rows: typeof byStatus, ...statuses: string[]) =>
    rows.filter((r) => statuses.includes(r.status)).reduce((s, r) => s + r._count._all, 0);
  return {
    id: t.id,
    name: t.name,
    status: t.status,
    examinerConfigId: t.examinerConfigId,
    seed: t.seed,
    currentRound: t.currentRound,
    swissRounds: t.swissRounds,
    treesPerPairing: t.treesPerPairing,
    trees: t._count.trees,
    participants: t.participants.map((p) => ({ agentId: p.agentId, name: p.agent.name, joinedRound: p.joinedRound, byes: p.byes })),
    matches: {
      total: count(byStatus, "queued", "running", "completed", "failed", "cancelled"),
      completed: count(byStatus, "completed"),
      running: count(byStatus, "running"),
      queued: count(byStatus, "queued"),
      failed: count(byStatus, "failed"),
      cancelled: count(byStatus, "cancelled"),
    },
    round: {
      number: t.currentRound,
      done: count(current, ...FINISHED_MATCH),
      total: count(current, "queued", "running", "completed", "failed", "cancelled"),
    },
    ratings,
  };
}

const FINAL: readonly TournamentStatus[] = ["completed", "cancelled"];

/**
 * Polls until the tournament is completed or cancelled (or `signal` aborts), reporting each
 * change of progress. Workers do the work; this only watches PostgreSQL.
 */
export async function waitForTournament(
  db: PrismaClient,
  id: string,
  opts: { pollMs?: number; signal?: AbortSignal; onProgress?: (s: TournamentStatusReport) => void } = {},
): Promise<TournamentStatusReport> {
  let last = "";
  for (;;) {
    const s = await tournamentStatus(db, id);
    const key = `${s.status}:${s.currentRound}:${s.matches.completed}:${s.matches.total}`;
    if (key !== last) opts.onProgress?.(s);
    last = key;
    if (FINAL.includes(s.status)) return s;
    opts.signal?.throwIfAborted();
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 500));
  }
}

/** Polls until every listed match is finished: completed, failed (out of attempts) or cancelled. */
export async function waitForMatches(
  db: PrismaClient,
  ids: readonly string[],
  opts: { pollMs?: number; signal?: AbortSignal } = {},
): Promise<void> {
  for (;;) {
    const open = await db.match.count({ where: { id: { in: [...ids] }, status: { notIn: [...FINISHED_MATCH] } } });
    if (open === 0) return;
    opts.signal?.throwIfAborted();
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 500));
  }
}
