import type { Prisma, PrismaClient } from "@arena/db";
import type { ComputedScoreboard } from "../read/scoreboard";
import type { ScoreboardOptions } from "./compute";
import type { ScoreboardScope } from "./inputs";

/**
 * The scoreboard of a scope is stored beside its newest rating snapshot (RatingSnapshot.scoreboard),
 * computed by a worker: after a snapshot is written (a new snapshot has none) and when the scope's
 * inputs change (scores written, a round voided: `scoreboardStaleAt` is set on the newest snapshot).
 * A scope is fresh when its newest snapshot has a scoreboard whose computation started after the
 * last change. Timestamps are the database's clock (now(), UTC wall time as Prisma stores them),
 * so processes on different machines compare them safely.
 */

/** The newest snapshot of a scope and its scoreboard's standing; `sinceMs`: database time since that computation started. */
export interface ScoreboardState {
  snapshotId: string;
  matchesCounted: number;
  at: Date | null;
  ms: number | null;
  staleAt: Date | null;
  sinceMs: number | null;
}

const NEWEST = `ORDER BY "createdAt" DESC, "matchesCounted" DESC LIMIT 1`;

/** The scope's snapshots ($1: configuration, $2: tournament), written so the index serves both kinds. */
const inScope = (scope: ScoreboardScope) =>
  scope.tournamentId === null ? `"examinerConfigId" = $1 AND "tournamentId" IS NULL` : `"examinerConfigId" = $1 AND "tournamentId" = $2`;
const scopeParams = (scope: ScoreboardScope) =>
  scope.tournamentId === null ? [scope.examinerConfigId] : [scope.examinerConfigId, scope.tournamentId];
const UTC_NOW = `(now() AT TIME ZONE 'UTC')`;

export async function scoreboardState(db: PrismaClient, scope: ScoreboardScope): Promise<ScoreboardState | null> {
  const rows = await db.$queryRawUnsafe<ScoreboardState[]>(
    `SELECT id AS "snapshotId", "matchesCounted", "scoreboardAt" AS at, "scoreboardMs" AS ms, "scoreboardStaleAt" AS "staleAt",
            (extract(epoch FROM ${UTC_NOW} - "scoreboardAt") * 1000)::float8 AS "sinceMs"
     FROM "RatingSnapshot" WHERE ${inScope(scope)} ${NEWEST}`,
    ...scopeParams(scope),
  );
  return rows[0] ?? null;
}

export function isFresh(state: ScoreboardState): boolean {
  return state.at !== null && (state.staleAt === null || state.staleAt <= state.at);
}

/** The longest wait between two computations of one scope. */
export const MAX_GAP_MS = 60_000;

/**
 * How long the next computation of a stale scope waits: `gapMs` when given (ARENA_SCOREBOARD_GAP_MS),
 * else four times the last computation's duration, at most MAX_GAP_MS, counted from its start. So a
 * small scope (a tournament of a few agents) follows every match within a second or two, and a
 * scope of thousands of matches (seconds of CPU) keeps a worker's core busy a quarter of the time (more
 * only past 15 s a computation, where the spacing stops at a minute).
 */
export function waitMs(state: ScoreboardState, gapMs?: number): number {
  if (state.at === null || state.sinceMs === null) return 0;
  const gap = gapMs ?? Math.min(MAX_GAP_MS, 4 * (state.ms ?? 0));
  return Math.max(0, gap - state.sinceMs);
}

export interface StoredScoreboard {
  snapshotId: string;
  matchesCounted: number;
  ms: number;
  scoreboard: ComputedScoreboard;
}

/**
 * Computes a scope's scoreboard (on a thread of its own unless `compute` is given) and stores it
 * beside the scope's newest snapshot as of the start. Null when the scope has no snapshot yet. A
 * snapshot written or a score stored meanwhile leaves the scope stale for the next computation.
 */
export async function refreshScoreboard(
  db: PrismaClient,
  scope: ScoreboardScope,
  opts: ScoreboardOptions & { compute?: (scope: ScoreboardScope, opts: ScoreboardOptions) => Promise<ComputedScoreboard> } = {},
): Promise<StoredScoreboard | null> {
  const [{ start }] = await db.$queryRawUnsafe<[{ start: Date }]>(`SELECT ${UTC_NOW} AS start`);
  const state = await scoreboardState(db, scope);
  if (!state) return null;
  const t0 = performance.now();
  const { compute, ...options } = opts;
  // The thread module loads only here: readers and the web's void command import this file too.
  const scoreboard = await (compute ?? (await import("./thread")).computeScoreboardOffThread)(scope, options);
  const ms = Math.round(performance.now() - t0);
  await db.ratingSnapshot.update({
    where: { id: state.snapshotId },
    data: { scoreboard: scoreboard as unknown as Prisma.InputJsonValue, scoreboardAt: start, scoreboardMs: ms },
  });
  return { snapshotId: state.snapshotId, matchesCounted: state.matchesCounted, ms, scoreboard };
}

/**
 * Marks the scoreboards of a match's (or a round's match's) scopes (its examiner configuration's, and its tournament's)
 * stale after its scores changed; returns those scopes (the caller asks a worker to recompute them).
 */
export async function markScoreboardsStale(db: PrismaClient, of: { matchId: string } | { roundId: string }): Promise<ScoreboardScope[]> {
  const select = { examinerConfigId: true, tournamentId: true } as const;
  const match =
    "matchId" in of
      ? await db.match.findUnique({ where: { id: of.matchId }, select })
      : (await db.round.findUnique({ where: { id: of.roundId }, select: { match: { select } } }))?.match;
  if (!match) return [];
  const scopes: ScoreboardScope[] = [{ examinerConfigId: match.examinerConfigId, tournamentId: null }];
  if (match.tournamentId) scopes.push({ examinerConfigId: match.examinerConfigId, tournamentId: match.tournamentId });
  for (const scope of scopes) {
    await db.$executeRawUnsafe(
      `UPDATE "RatingSnapshot" SET "scoreboardStaleAt" = ${UTC_NOW}
       WHERE id = (SELECT id FROM "RatingSnapshot" WHERE ${inScope(scope)} ${NEWEST})`,
      ...scopeParams(scope),
    );
  }
  return scopes;
}

/**
 * Every scope whose newest snapshot has no current scoreboard: the reconciler's list, so a lost
 * job or a change nobody announced (a void through the web, `arena score`) is recomputed anyway.
 * One index lookup per examiner configuration and tournament.
 */
export async function staleScoreboardScopes(db: PrismaClient): Promise<ScoreboardScope[]> {
  const newest = (tournament: string) =>
    `CROSS JOIN LATERAL (SELECT "scoreboardAt", "scoreboardStaleAt" FROM "RatingSnapshot" r
       WHERE r."examinerConfigId" = s.cfg AND ${tournament} ORDER BY r."createdAt" DESC, r."matchesCounted" DESC LIMIT 1) n`;
  const stale = `n."scoreboardAt" IS NULL OR n."scoreboardStaleAt" > n."scoreboardAt"`;
  return db.$queryRawUnsafe<ScoreboardScope[]>(
    `SELECT s.cfg AS "examinerConfigId", NULL::text AS "tournamentId" FROM (SELECT id AS cfg FROM "ExaminerConfig") s ${newest(`r."tournamentId" IS NULL`)} WHERE ${stale}
     UNION ALL
     SELECT s.cfg, s.t FROM (SELECT "examinerConfigId" AS cfg, id AS t FROM "Tournament") s ${newest(`r."tournamentId" = s.t`)} WHERE ${stale}`,
  );
}
