import { z } from "zod";
import {
  examinerModeSchema,
  researchTraceSchema,
  failureTypeSchema,
  matchWinnerSchema,
  stopReasonSchema,
  tieQualitySchema,
  transitionActionSchema,
  verdictTokenSchema,
} from "@arena/core";

/** Result schemas of the match package's read functions (the JSON API's OpenAPI document uses them). */

const agentRef = z.object({ id: z.string(), name: z.string() });
export const MATCH_STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const;
const matchStatus = z.enum(MATCH_STATUSES);

export const matchListItemSchema = z.object({
  id: z.string(),
  tournamentId: z.string().nullable(),
  tournamentName: z.string().nullable(),
  treeId: z.string(),
  treeTitle: z.string().nullable(),
  agentA: agentRef,
  agentB: agentRef,
  examinerConfigId: z.string(),
  examinerMode: examinerModeSchema,
  status: matchStatus,
  winner: matchWinnerSchema.nullable(),
  scoreA: z.number(),
  scoreB: z.number(),
  rounds: z.number().int(),
  /**
   * Won with every counted round a forfeit (the loser's agent failed or answered nothing each
   * time, no judge was asked). Such a match is rated like any other; pages say how it was won.
   */
  wonByForfeit: z.boolean(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type MatchListItem = z.infer<typeof matchListItemSchema>;

export const matchPageSchema = z.object({
  items: z.array(matchListItemSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many matches pass the filters in all (every page). */
  total: z.number().int(),
});

const option = z.object({ id: z.string(), name: z.string() });
/** What the matches list can be filtered by: the agents, tournaments, trees and examiner configurations that have matches. */
export const matchFilterOptionsSchema = z.object({
  agents: z.array(option),
  tournaments: z.array(option),
  trees: z.array(option),
  examiners: z.array(option),
});
export type MatchFilterOptions = z.infer<typeof matchFilterOptionsSchema>;
export type MatchPage = z.infer<typeof matchPageSchema>;

export const checklistItemSchema = z.object({
  item: z.string(),
  detail: z.string(),
  sourceUrl: z.string(),
  aliases: z.array(z.string()).optional(),
});
export const expansionSchema = z.object({
  kind: z.string(),
  nodeId: z.string(),
  requested: z.number(),
  found: z.number().optional(),
  added: z.number(),
  failed: z.number(),
  reason: z.string().nullable(),
});

const answer = z.object({
  text: z.string().nullable(),
  latencyMs: z.number().nullable(),
  tokens: z.number().nullable(),
  costUsd: z.number().nullable(),
  citations: z.number().nullable(),
  /** timeout, refused, http_status, malformed or oversized; null when the agent answered. */
  error: z.string().nullable(),
  /**
   * What failed, which may name the agent's endpoint: only for the agent's owner and admins
   * (readMatch's errorDetailFor); null for everyone else and when the agent answered.
   */
  errorDetail: z.string().nullable(),
  /** The research steps the agent reported (searches, pages opened, tool calls), bounded; never shown to the judge. */
  trace: researchTraceSchema.nullable(),
});

export const roundViewSchema = z.object({
  /** The round's id, which POST /api/spans takes (readers' marks on its answers). */
  id: z.string(),
  number: z.number().int(),
  depth: z.number().int(),
  width: z.number().int(),
  /** Root → question node: tree node ids and their page URLs. */
  path: z.array(z.object({ nodeId: z.string(), url: z.string(), title: z.string().nullable() })),
  question: z.string().nullable(),
  /** The question is held back (null above): the round is sampled in an open audit queue that keeps questions off public pages. */
  questionHeld: z.boolean(),
  wordLimitInstruction: z.string().nullable(),
  checklistDepth: z.array(checklistItemSchema),
  checklistWidth: z.array(checklistItemSchema),
  sourceUrls: z.array(z.string()),
  rationale: z.string().nullable(),
  a: answer,
  b: answer,
  /**
   * The seat whose agent failed (`reason`: its error class, or `empty` for no text) while the other
   * answered: the other seat won the round MUCH_BETTER by forfeit and `verdict` is the forfeit's,
   * not a judgement. Null for judged, voided and judge-error rounds.
   */
  forfeit: z.object({ seat: z.enum(["A", "B"]), reason: z.string() }).nullable(),
  verdict: verdictTokenSchema.nullable(),
  tieQuality: tieQualitySchema.nullable(),
  loserFailureType: failureTypeSchema.nullable(),
  reasoning: z.string().nullable(),
  scoreA: z.number(),
  scoreB: z.number(),
  /** Transition taken after the round (probe_depth, probe_width, pressure_test, backtrack, …). */
  action: transitionActionSchema.nullable(),
  /** The transition wanted to descend but no child with content existed, even after a depth expansion. */
  stuck: z.boolean(),
  expansions: z.array(expansionSchema),
  examinerMode: examinerModeSchema,
  examinerModel: z.string().nullable(),
  judgeError: z.string().nullable(),
  voided: z.boolean(),
  createdAt: z.string(),
});
export type RoundView = z.infer<typeof roundViewSchema>;

export const matchViewSchema = matchListItemSchema.extend({
  examinerName: z.string(),
  seed: z.string(),
  /** mercy_rule, max_rounds or no_start once finished. */
  stopReason: stopReasonSchema.nullable(),
  voidedRounds: z.number().int(),
  error: z.string().nullable(),
  startedAt: z.string().nullable(),
  /**
   * A round waiting for research runs going on at the providers (background mode, 202 + poll): per
   * seat, the run's provider status, start and looks so far; null for a seat that has answered.
   */
  waiting: z
    .object({
      round: z.number().int(),
      a: z.object({ status: z.string().nullable(), startedAt: z.string(), polls: z.number().int() }).nullable(),
      b: z.object({ status: z.string().nullable(), startedAt: z.string(), polls: z.number().int() }).nullable(),
    })
    .nullable(),
  roundsList: z.array(roundViewSchema),
});
export type MatchView = z.infer<typeof matchViewSchema>;
