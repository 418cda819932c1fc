import { randomUUID } from "node:crypto";
import { isFinished, matchWinner } from "@arena/core";
import { sqlPool, type Prisma, type PrismaClient } from "@arena/db";
import { ConcurrentRunError } from "./errors";
import type { RoundRecord } from "./round";
import type { MatchState } from "./state";

/**
 * The match runner's writes, one statement each, straight through node-postgres: they run
 * several times per round, and through the ORM each cost ~1–3 ms of CPU (see @arena/db sqlPool).
 * Timestamps are written as ISO strings (UTC wall time, as Prisma stores them).
 */

/** A column value to bind, and the SQL type to cast its parameter to (jsonb values are JSON text). */
type Column = { value: unknown; cast?: "jsonb" | '"ExaminerMode"' };

const json = (value: unknown): Column => ({ value: JSON.stringify(value), cast: "jsonb" });
/** A JSON column that is SQL NULL (not JSON `null`) when there is no value. */
const jsonOrNull = (value: unknown): Column => ({
  value: value === null || value === undefined ? null : JSON.stringify(value),
  cast: "jsonb",
});

/** Every column of a Round row, so a column added to the schema must be mapped here (the type checker says so). */
type RoundColumns = Record<Exclude<Prisma.RoundScalarFieldEnum, "createdAt">, Column>;

/** The Round row of a round record: the only place that knows how a round is stored. */
function roundRow(id: string, matchId: string, r: RoundRecord, next: MatchState): RoundColumns {
  // A forfeit stores the verdict the failure policy gave, so ratings and scores read it as any verdict.
  const judged = r.outcome.kind === "judged" || r.outcome.kind === "forfeit" ? r.outcome : null;
  return {
    id: { value: id },
    matchId: { value: matchId },
    number: { value: next.seq },
    depth: { value: r.depth },
    width: { value: r.width },
    pathNodeIds: json(r.path.map((p) => p.nodeId)),
    pathUrls: json(r.path.map((p) => p.url)),
    question: { value: r.question },
    wordLimitInstruction: { value: r.wordLimitInstruction },
    checklistDepth: json(r.checklistDepth),
    checklistWidth: json(r.checklistWidth),
    sourceUrls: json(r.sourceUrls),
    rationale: { value: r.rationale },
    answerA: { value: r.a.text },
    answerB: { value: r.b.text },
    latencyAMs: { value: Math.round(r.a.latencyMs) },
    latencyBMs: { value: Math.round(r.b.latencyMs) },
    tokensA: { value: r.a.tokens },
    tokensB: { value: r.b.tokens },
    costA: { value: r.a.costUsd },
    costB: { value: r.b.costUsd },
    citationsA: { value: r.a.citations },
    citationsB: { value: r.b.citations },
    traceA: jsonOrNull(r.a.trace),
    traceB: jsonOrNull(r.b.trace),
    errorA: { value: r.a.error?.class ?? null },
    errorB: { value: r.b.error?.class ?? null },
    errorDetailA: { value: r.a.error?.detail ?? null },
    errorDetailB: { value: r.b.error?.detail ?? null },
    verdict: judged ? json(judged.verdict) : { value: null },
    verdictToken: { value: judged?.verdict.verdict ?? null },
    tieQuality: { value: judged?.verdict.tie_quality ?? null },
    loserFailureType: { value: judged?.verdict.loser_failure_type ?? null },
    scoreA: { value: next.loop.scoreA },
    scoreB: { value: next.loop.scoreB },
    action: { value: judged?.transition?.action ?? null },
    stuck: { value: judged?.transition?.stuck ?? false },
    expansions: json(r.expansions),
    examinerMode: { value: r.examinerMode, cast: '"ExaminerMode"' },
    examinerModel: { value: r.examinerModel },
    examinerCalls: json(r.examinerCalls),
    judgeError: { value: r.outcome.kind === "judge_error" ? r.outcome.error : null },
    voided: { value: r.outcome.kind === "voided" },
    forfeit: { value: r.outcome.kind === "forfeit" ? r.outcome.forfeit.seat : null },
  };
}

const UNIQUE_VIOLATION = "23505";

/** The Match columns that mirror its state, written with every state change that ends a round or the match. */
function matchColumns(state: MatchState, finished: boolean): Record<string, unknown> {
  return {
    state: JSON.stringify(state),
    scoreA: state.loop.scoreA,
    scoreB: state.loop.scoreB,
    rounds: state.loop.round,
    voidedRounds: state.voided,
    ...(finished ? { status: "completed", winner: matchWinner(state.loop), finishedAt: new Date().toISOString() } : {}),
  };
}
const MATCH_CASTS: Record<string, string> = { state: "jsonb", status: '"JobStatus"', winner: '"MatchWinner"', finishedAt: "timestamp(3)" };

/** `"col" = $n::cast, …` for an UPDATE, numbering parameters after `values`. */
function assignments(columns: Record<string, unknown>, casts: Record<string, string>, values: unknown[]): string {
  return Object.entries(columns)
    .map(([name, value]) => {
      values.push(value);
      return `"${name}" = $${values.length}${casts[name] ? `::${casts[name]}` : ""}`;
    })
    .join(", ");
}

/**
 * Stores one round and the match state after it in ONE statement (an INSERT in a CTE feeding
 * the UPDATE), so a crash leaves either both or neither. Round numbers are unique per match: a
 * second runner of the same match that started from the same state collides on the insert, the
 * statement fails as a whole, and it gets ConcurrentRunError instead of writing a duplicate round.
 */
export async function commitRound(db: PrismaClient, matchId: string, round: RoundRecord, next: MatchState): Promise<void> {
  const columns = roundRow(randomUUID(), matchId, round, next);
  const values: unknown[] = [matchId];
  const names = Object.keys(columns);
  const placeholders = Object.values(columns).map(({ value, cast }) => {
    values.push(value);
    return `$${values.length}${cast ? `::${cast}` : ""}`;
  });
  const set = assignments(matchColumns(next, isFinished(next.loop)), MATCH_CASTS, values);
  try {
    await sqlPool(db).query(
      `WITH inserted AS (INSERT INTO "Round" (${names.map((n) => `"${n}"`).join(", ")}) VALUES (${placeholders.join(", ")}) RETURNING 1)
       UPDATE "Match" SET ${set} WHERE id = $1 AND EXISTS (SELECT 1 FROM inserted)`,
      values,
    );
  } catch (err) {
    if ((err as { code?: string }).code === UNIQUE_VIOLATION) {
      throw new ConcurrentRunError(`match ${matchId}: round ${next.seq} was stored by another run`);
    }
    throw err;
  }
}

/**
 * Writes match columns only while the stored state is still the one this run holds (same
 * stored-round count) and the match is unfinished: a stale duplicate run must not overwrite a
 * state another run moved on from, nor a finished match.
 */
async function updateMatch(db: PrismaClient, matchId: string, held: MatchState, columns: Record<string, unknown>): Promise<void> {
  const values: unknown[] = [matchId, held.seq];
  const set = assignments(columns, { ...MATCH_CASTS, error: "text" }, values);
  const updated = await sqlPool(db).query(
    `UPDATE "Match" SET ${set}
     WHERE id = $1 AND status IN ('queued', 'running') AND COALESCE((state->>'seq')::int, 0) = $2`,
    values,
  );
  if (updated.rowCount === 0) throw new ConcurrentRunError(`match ${matchId}: another run moved it on from stored round ${held.seq}`);
}

/** Saves the state reached without storing a round (start chosen, generation-error jumps). */
export function saveState(db: PrismaClient, matchId: string, state: MatchState): Promise<void> {
  return updateMatch(db, matchId, state, { state: JSON.stringify(state) });
}

/** Ends a match whose loop cannot go on (no usable node, attempt limit) with the scores so far. */
export function finishMatch(db: PrismaClient, matchId: string, state: MatchState, error: string | null): Promise<void> {
  return updateMatch(db, matchId, state, { ...matchColumns(state, true), error });
}

export interface Claim {
  /** False when the match is no longer queued or running (completed, cancelled, failed). */
  claimed: boolean;
  status: string;
  treeId: string;
  seed: string;
  state: unknown;
}

/**
 * Marks a match running if it is still unfinished, in one statement: a duplicate run that
 * arrives after another run completed it (or after a cancel) must not turn it back into a
 * running match. Returns what running it needs.
 */
export async function claimMatch(db: PrismaClient, matchId: string): Promise<Claim> {
  const pool = sqlPool(db);
  const claimed = await pool.query<Omit<Claim, "claimed">>(
    `UPDATE "Match" SET status = 'running', "startedAt" = COALESCE("startedAt", $2::timestamp(3))
     WHERE id = $1 AND status IN ('queued', 'running')
     RETURNING status::text, "treeId", seed, state`,
    [matchId, new Date().toISOString()],
  );
  if (claimed.rows[0]) return { claimed: true, ...claimed.rows[0] };
  const now = await pool.query<Omit<Claim, "claimed">>(`SELECT status::text, "treeId", seed, state FROM "Match" WHERE id = $1`, [matchId]);
  if (!now.rows[0]) throw new Error(`no match with id ${matchId}`);
  return { claimed: false, ...now.rows[0] };
}

/** Drops a pending round from a match's state (its runs were cancelled with the match); true when there was one. */
export async function clearPending(db: PrismaClient, matchId: string): Promise<boolean> {
  const r = await sqlPool(db).query(`UPDATE "Match" SET state = state - 'pending' WHERE id = $1 AND state ? 'pending'`, [matchId]);
  return (r.rowCount ?? 0) > 0;
}
