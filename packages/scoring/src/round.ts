import type { ChecklistItem } from "@arena/core";
import { randomUUID } from "node:crypto";
import { sqlPool, type PrismaClient } from "@arena/db";
import type { ScoreboardScope } from "./scoreboard/inputs";
import { markScoreboardsStale } from "./scoreboard/store";
import { scoreTask, type ScoringDeps } from "./score";
import type { ScoreRow, ScoringTask, Side } from "./types";

/** The scoring task of a stored round: a side that failed (error or no answer) is left out. */
export async function roundTask(db: PrismaClient, roundId: string): Promise<ScoringTask | null> {
  const { rows } = await sqlPool(db).query<RoundRow>(
    `SELECT question, "wordLimitInstruction", "checklistDepth", "checklistWidth", "sourceUrls", "answerA", "answerB", "errorA", "errorB"
     FROM "Round" WHERE id = $1`,
    [roundId],
  );
  const r = rows[0];
  if (!r?.question) return null;
  const answers: Partial<Record<Side, string>> = {};
  if (r.answerA && !r.errorA) answers.A = r.answerA;
  if (r.answerB && !r.errorB) answers.B = r.answerB;
  return {
    question: r.question,
    wordLimitInstruction: r.wordLimitInstruction,
    checklistDepth: r.checklistDepth,
    checklistWidth: r.checklistWidth,
    sourceUrls: r.sourceUrls,
    answers,
  };
}

interface RoundRow {
  question: string | null;
  wordLimitInstruction: string | null;
  checklistDepth: ChecklistItem[] | null;
  checklistWidth: ChecklistItem[] | null;
  sourceUrls: string[] | null;
  answerA: string | null;
  answerB: string | null;
  errorA: string | null;
  errorB: string | null;
}

/**
 * Scores one stored round and writes its rows idempotently: one INSERT … ON CONFLICT DO UPDATE on
 * (round, side, metric) for all of them, so a repeated or resumed job rewrites the same rows and
 * never adds a second one. Rows already stored are read first (RACE reuses its frozen criteria).
 * Reads and the write go straight to the pool under the Prisma client, as the match hot path
 * does (Prisma 6 compiles every ORM query, ~1–3 ms of CPU each).
 */
export async function scoreRound(
  db: PrismaClient,
  roundId: string,
  deps: ScoringDeps,
): Promise<{ rows: number; skipped?: string; stale?: ScoreboardScope[] }> {
  const task = await roundTask(db, roundId);
  if (!task) return { rows: 0, skipped: "no such round or no question" };
  const pool = sqlPool(db);
  const stored = await pool.query<ScoreRow>(`SELECT side, metric, value, details FROM "ReportScore" WHERE "roundId" = $1`, [roundId]);
  const rows = await scoreTask(task, deps, stored.rows);
  const model = deps.mode === "llm" ? (deps.judge?.model ?? null) : null;
  if (rows.length > 0) {
    await pool.query(UPSERT, [roundId, deps.mode, model, JSON.stringify(rows.map((r) => ({ id: randomUUID(), ...r })))]);
    // The scopes' stored scoreboards no longer match their scores: `stale` lists them for a recomputation.
    return { rows: rows.length, stale: await markScoreboardsStale(db, { roundId }) };
  }
  return { rows: rows.length };
}

// Timestamps as Prisma writes them: UTC wall time in `timestamp without time zone`.
const UPSERT = `
  INSERT INTO "ReportScore" ("id", "roundId", "side", "metric", "value", "details", "mode", "model", "createdAt", "updatedAt")
  SELECT r.id, $1, r.side, r.metric, r.value, r.details, $2, $3, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
  FROM jsonb_to_recordset($4::jsonb) AS r(id text, side text, metric text, value double precision, details jsonb)
  ON CONFLICT ("roundId", "side", "metric") DO UPDATE
  SET "value" = EXCLUDED."value", "details" = EXCLUDED."details", "mode" = EXCLUDED."mode", "model" = EXCLUDED."model", "updatedAt" = EXCLUDED."updatedAt"`;

/** Rounds of a match worth scoring: stored with a question and not voided. */
export async function scorableRounds(db: PrismaClient, matchId: string): Promise<string[]> {
  const rounds = await db.round.findMany({
    where: { matchId, voided: false, question: { not: null } },
    select: { id: true },
    orderBy: { number: "asc" },
  });
  return rounds.map((r) => r.id);
}
