import type { AgentErrorClass, ChecklistItem, ExaminerModeName, ResearchTrace, TransitionAction, Verdict } from "@arena/core";
import type { ExaminerCall } from "@arena/examiner";
import type { Forfeit } from "./failure-policy";
import type { Expansion } from "./state";

export type { Expansion };

/** What one seat did in a round. */
export interface SeatRecord {
  /** Markdown; empty when the call failed. */
  text: string;
  latencyMs: number;
  tokens: number | null;
  costUsd: number | null;
  citations: number;
  error: { class: AgentErrorClass; detail: string } | null;
  /** The research steps the agent reported (stored beside the answer; the judge never sees it). */
  trace: ResearchTrace | null;
}

/**
 * How a round ended: both agents failed (not judged, not counted), the judge failed (not
 * counted), one agent failed (a forfeit: counted as the verdict the failure policy gives, no
 * judge asked), or a verdict and, unless the match stopped, the transition taken after it.
 */
export type RoundOutcome =
  | { kind: "voided" }
  | { kind: "judge_error"; error: string }
  | { kind: "forfeit"; forfeit: Forfeit; verdict: Verdict; transition: { action: TransitionAction; stuck: boolean } | null }
  | { kind: "judged"; verdict: Verdict; transition: { action: TransitionAction; stuck: boolean } | null };

/**
 * A stored round as the match runner produces it. Its number, the scores after it and the match
 * it belongs to are added when it is committed; persist.ts alone knows the SQL columns.
 */
export interface RoundRecord {
  /** D and W the round was played at, and the path root → question node. */
  depth: number;
  width: number;
  path: { nodeId: string; url: string }[];
  question: string;
  wordLimitInstruction: string;
  checklistDepth: ChecklistItem[];
  checklistWidth: ChecklistItem[];
  sourceUrls: string[];
  rationale: string;
  a: SeatRecord;
  b: SeatRecord;
  examinerMode: ExaminerModeName;
  examinerModel: string | null;
  /** Every examiner prompt and raw response of the round, generation first. */
  examinerCalls: ExaminerCall[];
  expansions: Expansion[];
  outcome: RoundOutcome;
}
