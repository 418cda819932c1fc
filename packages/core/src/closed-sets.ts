import { z } from "zod";

/**
 * Every closed set of the arena, each written once as an `as const` array: the TypeScript type,
 * the zod schema (read schemas, option parsing, stored state) and the LLM's JSON Schema
 * (`enumSchema`) derive from it. Values are stored in the database and shown in the UI and the
 * JSON API: keep them stable, and add new values here only.
 */

/** How a question was set and judged: the paper's LLM method, or the offline stand-in. */
export const EXAMINER_MODES = ["llm", "heuristic"] as const;
export type ExaminerModeName = (typeof EXAMINER_MODES)[number];
export const examinerModeSchema = z.enum(EXAMINER_MODES);

/**
 * What the pages, the console and the CLI say about an examiner mode, one row per mode (the
 * compiler demands it). The mode's name is its label everywhere. How a mode builds its examiner
 * and stores its configurations: its row in EXAMINER_MODE_TABLE in @arena/match, which calls the
 * builder of the mode's folder in @arena/examiner.
 */
export interface ExaminerModeInfo {
  /** Runs without a model or network: no endpoint, key or temperatures. */
  offline: boolean;
  /** Takes an API key for its endpoint (stored encrypted; the console sets and rotates it). */
  needsKey: boolean;
  /**
   * Set when the mode is not the paper's method: every page and CLI output that shows its results
   * says so, with the banner's title and what the stand-in does.
   */
  standIn: { title: string; does: string } | null;
  /** The About page's paragraph, after "The <mode> examiner". */
  about: string;
}

export const EXAMINER_MODE_INFO: { readonly [M in ExaminerModeName]: ExaminerModeInfo } = {
  llm: {
    offline: false,
    needsKey: true,
    standIn: null,
    about:
      "is the paper's method: a language model writes the question and the checklists from the tree and judges the answers, with its prompts and raw responses stored beside each round.",
  },
  heuristic: {
    offline: true,
    needsKey: false,
    standIn: {
      title: "Offline heuristic examiner.",
      does: "a stand-in that builds questions from tree structure and judges by checklist matching",
    },
    about:
      "is an offline stand-in, so the arena can run without any model or internet access: it builds questions from the structure of the tree and judges by matching checklist items (names with aliases, numbers, dates) in the answers. It is useful to test the pipeline end to end, but its verdicts are not those of the method; pages say so loudly whenever they show heuristic results.",
  },
};

/**
 * How far a rating can be read (core describeRating): unbeaten / winless have no finite estimate,
 * wide has an interval more than WIDE_INTERVAL points on a side, ok is an estimate to read as one.
 */
export const RATING_FLAGS = ["ok", "wide", "unbeaten", "winless"] as const;
export type RatingFlag = (typeof RATING_FLAGS)[number];

/** The judge's verdict tokens (docs/method.md §4). */
export const VERDICT_TOKENS = ["[[A_MUCH_BETTER]]", "[[A_BETTER]]", "[[Tie]]", "[[B_BETTER]]", "[[B_MUCH_BETTER]]"] as const;
export type VerdictToken = (typeof VERDICT_TOKENS)[number];
export const verdictTokenSchema = z.enum(VERDICT_TOKENS);

export const TIE_QUALITIES = ["HIGH", "LOW", "N/A"] as const;
export type TieQuality = (typeof TIE_QUALITIES)[number];
export const tieQualitySchema = z.enum(TIE_QUALITIES);

/** The loser's failure type (Table 1 of the paper). */
export const FAILURE_TYPES = ["DEEP", "WIDE", "BOTH", "NONE"] as const;
export type FailureType = (typeof FAILURE_TYPES)[number];
export const failureTypeSchema = z.enum(FAILURE_TYPES);

/**
 * Transitions after a round (Table 2; see loop/loop.ts for what each does).
 * pressure_test: Tie HIGH; probe_depth / probe_width / probe_both: a winner and the loser's
 * failure type DEEP / WIDE / BOTH or NONE; backtrack: Tie LOW.
 */
export const TRANSITION_ACTIONS = ["pressure_test", "probe_depth", "probe_width", "probe_both", "backtrack"] as const;
export type TransitionAction = (typeof TRANSITION_ACTIONS)[number];
export const transitionActionSchema = z.enum(TRANSITION_ACTIONS);

/** Why the loop stopped: the mercy rule, the round limit, or no usable start node in the tree. */
export const STOP_REASONS = ["mercy_rule", "max_rounds", "no_start"] as const;
export type StopReason = (typeof STOP_REASONS)[number];
export const stopReasonSchema = z.enum(STOP_REASONS);

/** Why the loop jumped to a new random start. */
export const JUMP_REASONS = ["start", "empty_pool", "generation_error"] as const;
export type JumpReason = (typeof JUMP_REASONS)[number];
export const jumpReasonSchema = z.enum(JUMP_REASONS);

/** A match's result. */
export const MATCH_WINNERS = ["A", "B", "tie"] as const;
export type MatchWinnerName = (typeof MATCH_WINNERS)[number];
export const matchWinnerSchema = z.enum(MATCH_WINNERS);

/**
 * How the arena talks to an agent (the database's AgentProtocol enum; @arena/agents checks they
 * agree and holds one adapter per protocol).
 */
export const AGENT_PROTOCOLS = ["openai", "arena_http", "openai_responses", "anthropic", "gemini", "builtin", "simulated"] as const;
export type AgentProtocolName = (typeof AGENT_PROTOCOLS)[number];
export const agentProtocolSchema = z.enum(AGENT_PROTOCOLS);

/** How an agent call failed (stored per round). */
export const AGENT_ERROR_CLASSES = ["timeout", "refused", "http_status", "malformed", "oversized"] as const;
export type AgentErrorClass = (typeof AGENT_ERROR_CLASSES)[number];
export const agentErrorClassSchema = z.enum(AGENT_ERROR_CLASSES);

/**
 * The kinds of step in an agent's research trace (trace.ts): a web search with its query, a page
 * the agent opened, any other tool call (code interpreter, find in page, function calls).
 */
export const TRACE_STEP_KINDS = ["search", "open_page", "tool_call"] as const;
export type TraceStepKind = (typeof TRACE_STEP_KINDS)[number];
export const traceStepKindSchema = z.enum(TRACE_STEP_KINDS);

/** rounds: a fixed number of rounds (the paper's); continuous: no last round (the database's TournamentMode). */
export const TOURNAMENT_MODES = ["rounds", "continuous"] as const;
export type TournamentModeName = (typeof TOURNAMENT_MODES)[number];
export const tournamentModeSchema = z.enum(TOURNAMENT_MODES);

/** The JSON Schema of a closed set, for structured LLM output. */
export function enumSchema(values: readonly string[]): { type: "string"; enum: string[] } {
  return { type: "string", enum: [...values] };
}
