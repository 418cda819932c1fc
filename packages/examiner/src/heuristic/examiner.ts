import { SHORT_CONTENT_CHARS, type ContextNode, type TaskContext } from "@arena/core";
import { GenerationError, type Examiner, type ExaminerCall, type JudgeInput, type JudgeResult } from "../types";
import { generateHeuristicTask, heuristicTarget } from "./generate";
import { judgeHeuristically } from "./judge";

/**
 * Version of heuristic question generation and judging, stored as the configuration's
 * promptVersion. Ratings are kept per examiner configuration and never pool versions, so a change
 * that alters the questions or verdicts gets a new version (and configurations that name it):
 * "v1" were the cloze questions; "h2" asks for attributes from clean passages; "h3" judges
 * entity first, credits facts only for identified entities and never rewards length, writes the
 * synthetic world's questions from its facts, never targets navigation pages and describes the
 * topic instead of quoting it; "h4" plays on the pages it can target (starts and pools
 * pass through levels of navigation pages), gives every target a fact before second ones, and fails
 * a context rather than announce fewer entities than its pool; "h5" judges facts as the
 * report scorers read them: thousands separated by spaces, "21 m" as metres, no figure from an
 * "Entity N" label, a citation marker or a year inside a name, and no entity named by its words
 * inside another name.
 */
export const HEURISTIC_VERSION = "h5";

/**
 * The offline heuristic examiner (docs/method.md §12). Each operation is recorded as one call with
 * model null and no tokens, so match records look alike in both modes while saying which mode
 * produced them. Generation failures surface as GenerationError like in llm mode.
 * The `doubleJudge` setting does not apply: the heuristic judge scores each answer on its own and
 * decides symmetrically, so judging with the seats swapped always gives the mirrored verdict and
 * double judging would only duplicate the work.
 */
export function createHeuristicExaminer(): Examiner {
  const record = (
    kind: ExaminerCall["kind"],
    prompt: unknown,
    raw: string | null,
    error: string | null,
    started: number,
  ): ExaminerCall => ({
    kind,
    attempt: 1,
    model: null,
    prompt,
    raw,
    error,
    tokensIn: null,
    tokensOut: null,
    costUsd: null,
    latencyMs: Math.round(performance.now() - started),
  });

  return {
    mode: "heuristic",
    model: null,
    async generateTask(full, { seed }) {
      const started = performance.now();
      const ctx = shortContent(full);
      let task: ReturnType<typeof generateHeuristicTask>;
      try {
        task = generateHeuristicTask(ctx, seed);
      } catch (err) {
        // the loop jumps on a GenerationError; anything else is an arena bug and propagates
        if (!(err instanceof GenerationError)) throw err;
        throw new GenerationError(err.message, [record("generate", { context: ctx, seed }, null, err.message, started)]);
      }
      return { task, calls: [record("generate", { context: ctx, seed }, JSON.stringify(task), null, started)] };
    },
    canTarget: (node) => heuristicTarget(cut(node)),
    async judge(input: JudgeInput): Promise<JudgeResult> {
      const started = performance.now();
      const verdict = judgeHeuristically(input);
      return { verdict, error: null, calls: [record("judge", input, JSON.stringify(verdict), null, started)] };
    },
  };
}

/**
 * The heuristic reads 800 characters of each page, as it was built and tested with (its clues and
 * facts come from a page's opening); the context it records is the one it read.
 */
const cut = (n: ContextNode): ContextNode =>
  n.content.length > SHORT_CONTENT_CHARS ? { ...n, content: n.content.slice(0, SHORT_CONTENT_CHARS) } : n;

function shortContent(ctx: TaskContext): TaskContext {
  return { ...ctx, reasoningChain: ctx.reasoningChain.map(cut), aggregationPool: ctx.aggregationPool.map(cut) };
}
