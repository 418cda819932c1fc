import type { ChecklistItem } from "@arena/core";
import type { Prisma, PrismaClient } from "@arena/db";
import { scoreTask, type ScoringDeps } from "./score";
import type { ScoreRow, ScoringTask, Side } from "./types";

/** The scoring task of a stored round: a side that failed (error or no answer) is left out. */
export async function roundTask(db: PrismaClient, roundId: string): Promise<ScoringTask | null> {
  const r = await db.round.findUnique({ where: { id: roundId } });
  if (!r || !r.question) return null;
  const answers: Partial<Record<Side, string>> = {};
  if (r.answerA && !r.errorA) answers.A = r.answerA;
  if (r.answerB && !r.errorB) answers.B = r.answerB;
  return {
    question: r.question,
    wordLimitInstruction: r.wordLimitInstruction,
    checklistDepth: (r.checklistDepth as unknown as ChecklistItem[] | null) ?? null,
    checklistWidth: (r.checklistWidth as unknown as ChecklistItem[] | null) ?? null,
    sourceUrls: (r.sourceUrls as unknown as string[] | null) ?? null,
    answers,
  };
}

/**
 * Scores one stored round and writes its rows idempotently: one upsert per (round, side,
 * metric) in one transaction, so a repeated or resumed job rewrites the same rows and never adds
 * a second one. Rows already stored are read first (RACE reuses its frozen criteria).
 */
export async function scoreRound(db: PrismaClient, roundId: string, deps: ScoringDeps): Promise<{ rows: number; skipped?: string }> {
  const task = await roundTask(db, roundId);
  if (!task) return { rows: 0, skipped: "no such round or no question" };
  const stored = await db.reportScore.findMany({ where: { roundId } });
  const rows = await scoreTask(
    task,
    deps,
    stored.map((s) => ({ side: s.side as ScoreRow["side"], metric: s.metric, value: s.value, details: s.details as Record<string, unknown> })),
  );
  const model = deps.mode === "llm" ? deps.judge?.model ?? null : null;
  await db.$transaction(
    rows.map((row) => {
      const data = { value: row.value, details: row.details as Prisma.InputJsonValue, mode: deps.mode, model };
      return db.reportScore.upsert({
        where: { roundId_side_metric: { roundId, side: row.side, metric: row.metric } },
        create: { roundId, side: row.side, metric: row.metric, ...data },
        update: data,
      });
    }),
  );
  return { rows: rows.length };
}

/** Rounds of a match worth scoring: stored with a question and not voided. */
export async function scorableRounds(db: PrismaClient, matchId: string): Promise<string[]> {
  const rounds = await db.round.findMany({ where: { matchId, voided: false, question: { not: null } }, select: { id: true }, orderBy: { number: "asc" } });
  return rounds.map((r) => r.id);
}
