import type { ChecklistItem } from "@arena/core";
import type { ScorerInfo } from "./descriptors";
import type { Judge } from "./llm";
import type { PageSource } from "./pages";

/** `offline`: deterministic (lexical, numeric, rubric matching); `llm`: a judge model. */
export type ScoreMode = "offline" | "llm";
export type Side = "A" | "B";

/** What one round (or one report file) gives the scorers. */
export interface ScoringTask {
  question: string;
  wordLimitInstruction: string | null;
  checklistDepth: ChecklistItem[] | null;
  checklistWidth: ChecklistItem[] | null;
  /** The round's source pages: D_req of DR3-Eval, the trustworthy sources of InteScore. */
  sourceUrls: string[] | null;
  answers: Partial<Record<Side, string>>;
}

/** One stored number: a row of ReportScore. `side` "task" holds what belongs to the question (frozen RACE criteria). */
export interface ScoreRow {
  side: Side | "task";
  metric: string;
  value: number;
  details: Record<string, unknown>;
}

export interface ScoringContext {
  mode: ScoreMode;
  /** Present in `llm` mode. */
  judge?: Judge;
  pages: PageSource;
  /** Rows already stored for this round (frozen RACE criteria are read from here). */
  stored: ScoreRow[];
}

/**
 * One scorer: a file in scorers/ and a line in the registry. It returns only the rows it could
 * compute; a metric whose inputs are missing (no checklist, one answer for a pairwise metric,
 * no offline version) is simply absent.
 */
export interface Scorer extends ScorerInfo {
  name: string;
  score(task: ScoringTask, ctx: ScoringContext): Promise<ScoreRow[]>;
}
