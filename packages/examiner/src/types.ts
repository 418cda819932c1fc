import type { ChecklistItem, ContextNode, ExaminerModeName, GeneratedTask, TaskContext, Verdict } from "@arena/core";

/** Prompt versions in prompts/; v1 stays for the configurations (and stored rounds) that use it. */
export const PROMPT_VERSIONS = ["v1", "v2", "v3"] as const;
export type PromptVersion = (typeof PROMPT_VERSIONS)[number];
/** The version new configurations get. */
export const PROMPT_VERSION: PromptVersion = "v3";

/** Temperatures as in the reference implementation: 0.7 to generate, 0.1 to judge. */
export const EXAMINER_DEFAULTS = Object.freeze({
  generationTemperature: 0.7,
  judgeTemperature: 0.1,
  promptVersion: PROMPT_VERSION,
  maxAttempts: 3,
  maxRetries: 2,
  timeoutMs: 120_000,
});

/** One examiner model call (or one heuristic computation), kept for audit and cost accounting. */
export interface ExaminerCall {
  kind: "generate" | "judge";
  attempt: number;
  model: string | null;
  /** Chat messages sent (llm) or the input considered (heuristic). */
  prompt: unknown;
  raw: string | null;
  error: string | null;
  tokensIn: number | null;
  tokensOut: number | null;
  costUsd: number | null;
  latencyMs: number;
}

export interface JudgeInput {
  question: string;
  wordLimitInstruction: string;
  checklistDepth: ChecklistItem[];
  checklistWidth: ChecklistItem[];
  answerA: string;
  answerB: string;
  citationsA: number;
  citationsB: number;
}

export interface JudgeResult {
  /** null ⇒ judge error after retries: the round is recorded as a judge error, not scored. */
  verdict: Verdict | null;
  error: string | null;
  calls: ExaminerCall[];
}

export interface Examiner {
  readonly mode: ExaminerModeName;
  readonly model: string | null;
  generateTask(ctx: TaskContext, opts: { seed: string }): Promise<{ task: GeneratedTask; calls: ExaminerCall[] }>;
  judge(input: JudgeInput, opts: { seed: string }): Promise<JudgeResult>;
  /**
   * Whether this examiner can make a page a question's target (TreeView.targetable); absent when
   * it can target any page with text (the llm examiner, as the reference).
   */
  canTarget?(node: ContextNode): boolean;
}

/** Thrown when no valid task could be generated; the loop then jumps to a new start. */
/**
 * Every attempt to reach the LLM examiner failed in transport (connection, timeout, HTTP 429 or
 * 5xx): nothing was said about the question or the answers. The match runner lets it end the job
 * (retried later, resuming from the last stored round) instead of counting a bad question or a
 * judge error, which would change the match's path or end it early and rated.
 */
export class ExaminerUnavailableError extends Error {
  override readonly name = "ExaminerUnavailableError";
  constructor(
    message: string,
    readonly calls: ExaminerCall[],
  ) {
    super(message);
  }
}

export class GenerationError extends Error {
  override readonly name = "GenerationError";
  constructor(
    message: string,
    readonly calls: ExaminerCall[],
  ) {
    super(message);
  }
}
