import {
  agentErrorClassSchema,
  examinerModeSchema,
  parseLoopState,
  researchTraceSchema,
  type AgentAnswer,
  type GeneratedTask,
  type LoopState,
} from "@arena/core";
import type { ExaminerCall } from "@arena/examiner";
import type { PendingRun } from "@arena/agents";
import { z } from "zod";

/** One expansion performed for a round (stored with it, shown on the match page). */
export interface Expansion {
  kind: "width" | "depth";
  nodeId: string;
  requested: number;
  /** Children with content another match stored since the loop asked (before or while this one fetched). */
  found: number;
  added: number;
  failed: number;
  reason: string | null;
}

/**
 * A round whose question is asked and whose answers are not all in: at least one agent's research
 * run goes on at its provider (background mode, 202 + poll). Everything the round needs to finish
 * without asking or generating again is kept, so a later job (another worker, after a crash)
 * polls the runs and judges the same question.
 */
export interface PendingRound {
  /** The loop state after step 1–2 (core's prepareRound): the path and both histories. */
  loop: LoopState;
  depth: number;
  width: number;
  expansions: Expansion[];
  task: GeneratedTask;
  calls: ExaminerCall[];
  /** The round's seed (generation and judging). */
  seed: string;
  a: SeatProgress;
  b: SeatProgress;
}

/** One seat of a pending round: its answer, or its run still going. */
export type SeatProgress = { answer: AgentAnswer } | { run: PendingRun };

/**
 * What a match persists after each committed round (Match.state): the pure loop state plus the
 * number of stored rounds. Stored rounds include voided and judge-error rounds, which the loop
 * does not count, so `seq` (the next Round.number − 1) runs ahead of `loop.round`. While a round
 * waits for background runs, `pending` holds it.
 */
export interface MatchState {
  loop: LoopState;
  seq: number;
  voided: number;
  judgeErrors: number;
  pending?: PendingRound;
}

const checklistItem = z.object({ item: z.string(), detail: z.string(), sourceUrl: z.string(), aliases: z.array(z.string()).optional() });
const taskSchema = z.object({
  question: z.string(),
  wordLimitInstruction: z.string(),
  checklistDepth: z.array(checklistItem),
  checklistWidth: z.array(checklistItem),
  rationale: z.string(),
  sourceUrls: z.array(z.string()),
  mode: examinerModeSchema,
});
const callSchema = z.object({
  kind: z.enum(["generate", "judge"]),
  attempt: z.number(),
  model: z.string().nullable(),
  prompt: z.unknown(),
  raw: z.string().nullable(),
  error: z.string().nullable(),
  tokensIn: z.number().nullable(),
  tokensOut: z.number().nullable(),
  costUsd: z.number().nullable(),
  latencyMs: z.number(),
});
const expansionSchema = z.object({
  kind: z.enum(["width", "depth"]),
  nodeId: z.string(),
  requested: z.number(),
  found: z.number(),
  added: z.number(),
  failed: z.number(),
  reason: z.string().nullable(),
});
const answerSchema = z.object({
  text: z.string(),
  latencyMs: z.number(),
  tokens: z.number().nullable(),
  costUsd: z.number().nullable(),
  citations: z.object({ count: z.number(), urls: z.array(z.string()) }),
  error: z.object({ class: agentErrorClassSchema, detail: z.string() }).nullable(),
  trace: researchTraceSchema.nullish(),
});
const runSchema = z.object({
  handle: z.string(),
  startedAt: z.number(),
  pollAt: z.number(),
  polls: z.number().int(),
  status: z.string().optional(),
});
const seatSchema = z.union([z.object({ answer: answerSchema }).strict(), z.object({ run: runSchema }).strict()]);
const pendingSchema = z.object({
  loop: z.unknown(),
  depth: z.number().int(),
  width: z.number().int(),
  expansions: z.array(expansionSchema),
  task: taskSchema,
  calls: z.array(callSchema),
  seed: z.string(),
  a: seatSchema,
  b: seatSchema,
});

const envelope = z.object({
  loop: z.unknown(),
  seq: z.number().int().nonnegative(),
  voided: z.number().int().nonnegative(),
  judgeErrors: z.number().int().nonnegative(),
  pending: pendingSchema.optional(),
});

export function parseMatchState(data: unknown): MatchState {
  const { pending, ...e } = envelope.parse(data);
  return { ...e, loop: parseLoopState(e.loop), ...(pending ? { pending: { ...pending, loop: parseLoopState(pending.loop) } } : {}) };
}

/** The earliest time a pending round's runs are due for a look (epoch ms). */
export function nextLook(pending: PendingRound): number {
  return Math.min(...[pending.a, pending.b].flatMap((s) => ("run" in s ? [s.run.pollAt] : [])));
}
