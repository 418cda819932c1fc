import { z } from "zod";
import { arenaEventSchema } from "@arena/jobs/events";
import { webHealthSchema } from "@arena/jobs/health";
import { matchListParamsSchema, matchPageSchema, matchViewSchema } from "@arena/match/read";
import { agentScoreMeansSchema, roundScoresSchema, scoreboardSchema } from "@arena/scoring/read";
import {
  agentSummarySchema,
  agentViewSchema,
  battleLineSchema,
  leaderboardViewSchema,
  ratingHistorySchema,
  scopeParamsSchema,
  scopesViewSchema,
  tournamentSummarySchema,
  tournamentViewSchema,
  windowRatingsSchema,
} from "@arena/tournament/read";
import { PEOPLE_CSV_COLUMNS } from "@arena/votes/people-columns";
import { peopleLeaderboardSchema } from "@arena/votes/read";
import { LEADERBOARD_CSV_COLUMNS } from "@arena/tournament/columns";
import { nodeViewSchema, treeSummarySchema, treeViewSchema } from "@arena/trees/read";
import {
  annotationExportSchema,
  answersSchema,
  auditItemViewSchema,
  auditQueueParamsSchema,
  auditQueueSummarySchema,
  auditReportSchema,
  newQueueSchema,
  reviewSchema,
  variantChoiceSchema,
  voidRequestSchema,
} from "@arena/audit/read";
import {
  exclusionRequestSchema,
  nextVoteSchema,
  revealSchema,
  spanLineSchema,
  spanRequestSchema,
  spanViewSchema,
  voteLineSchema,
  voteRequestSchema,
  voterRowSchema,
} from "@arena/votes/read";
import {
  agentEditSchema,
  agentSubmissionSchema,
  apiTokenSchema,
  editedAgentSchema,
  healthResultSchema,
  keyRotationSchema,
  myAgentSchema,
  newTokenRequestSchema,
  newTokenSchema,
  probeResultSchema,
  removedAgentSchema,
  submittedAgentSchema,
  withdrawnAgentSchema,
} from "../../features/submission/schemas";

/**
 * The JSON API's one route table: each handler takes its query schema and response schema from
 * here, the OpenAPI document is generated from it, and a test checks that every route.ts under
 * app/api has an entry (and every entry answers), so a route cannot be left undocumented.
 */
export type MediaType = "application/json" | "text/csv" | "application/x-ndjson" | "text/event-stream";

export interface ApiRoute {
  /** OpenAPI path template (`{id}` for a path parameter). */
  path: string;
  /** Default get. Several entries may share a path with different methods. */
  method?: "get" | "post" | "put" | "patch" | "delete";
  summary: string;
  query?: z.ZodObject;
  pathParams?: readonly { name: string; description: string }[];
  /** JSON request body. */
  body?: z.ZodType;
  /** Needs a signed-in user (session cookie or personal API token): 401 without one. */
  auth?: boolean;
  /** The success status (default 200). */
  status?: 200 | 201;
  /** The success body: a JSON document, or a CSV / one JSON value per line / one event per `data:` line following `schema`. */
  response: { name: string; mediaType: MediaType; schema: z.ZodType; description: string };
  /** Answers 404 for an unknown id or scope. */
  notFound: boolean;
}

/**
 * The leaderboard view split in two: its rows (what most readers poll; ~10 KB for 20 agents) and
 * the snapshot's analyses (~200 KB for 20 agents and 5,000 matches, which only charts need).
 */
export const leaderboardSchema = leaderboardViewSchema.omit({ analysis: true });

/** Whose verdicts rank: the examiner's (default) or people's (docs/voting.md; no tournament scope, no window). */
const byParam = z
  .enum(["examiner", "people"])
  .optional()
  .describe(
    "examiner (default): the examiner's ratings; people: the people's Bradley–Terry ratings on votes and auditors' verdicts of the examiner configuration's rounds (every round without `examiner`) and their agreement with the examiner",
  );
/** The CSV's query: the leaderboard's scope and whose verdicts rank. */
export const leaderboardCsvParamsSchema = scopeParamsSchema.extend({ by: byParam });

/** The leaderboard's query: its scope, and the time window (`30d`: also the ratings of the last 30 days). */
export const leaderboardParamsSchema = scopeParamsSchema.extend({
  window: z
    .enum(["all", "30d"])
    .optional()
    .describe("all (default): the stored snapshot only; 30d: also `window`, the ratings of the scope's matches of the last 30 days"),
  by: byParam,
});
export const windowedLeaderboardSchema = leaderboardSchema.extend({
  window: windowRatingsSchema
    .optional()
    .describe("present with window=30d: a Bradley–Terry fit (sandwich intervals) of the rated matches finished since `since`"),
});
export const analysisSchema = leaderboardViewSchema.pick({ examiner: true, tournament: true, snapshot: true, analysis: true });

const id = (what: string) => [{ name: "id", description: `${what} id` }] as const;

export const eventsParamsSchema = z.object({
  tournament: z.string().min(1).max(200).optional().describe("only events of this tournament"),
  match: z.string().min(1).max(200).optional().describe("only events of this match"),
});

const agentParamsSchema = z.object({
  examiner: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe("examiner configuration id (default: the one this agent has the most rated matches under)"),
});

export const API_ROUTES = {
  scopes: {
    path: "/api/scopes",
    summary: "Examiner configurations and tournaments a leaderboard can be selected by",
    response: {
      name: "Scopes",
      mediaType: "application/json",
      schema: scopesViewSchema,
      description: "examiner configurations (most rated matches first) and tournaments",
    },
    notFound: false,
  },
  leaderboard: {
    path: "/api/leaderboard",
    summary:
      "Leaderboard of one examiner configuration (optionally one tournament) from its latest rating snapshot; window=30d adds the ratings of the last 30 days. by=people: the people's leaderboard from its latest stored snapshot, with `agreement` (Spearman's ρ and Kendall's τ-b against the examiner's ratings with 95 % bootstrap intervals, Cohen's κ on the same rounds, the verdicts behind each, null figures below the minimum) and `agreementLine`; 400 with a tournament",
    query: leaderboardParamsSchema,
    response: {
      name: "Leaderboard",
      mediaType: "application/json",
      schema: z.union([windowedLeaderboardSchema, peopleLeaderboardSchema]),
      description:
        "rows best first, with the snapshot they come from (analyses: /api/analysis); with window=30d also `window`; with by=people the people's leaderboard",
    },
    notFound: true,
  },
  ratingHistory: {
    path: "/api/ratings/history",
    summary:
      "A tournament's rating history: each agent's rating and interval at every stored snapshot (at most 100, thinned evenly, the latest kept)",
    query: z.object({ tournament: z.string().min(1).max(200).describe("tournament id") }),
    response: {
      name: "RatingHistory",
      mediaType: "application/json",
      schema: ratingHistorySchema,
      description: "snapshots oldest first; an agent appears from the first snapshot that rated it",
    },
    notFound: true,
  },
  analysis: {
    path: "/api/analysis",
    summary:
      "The analyses stored with the same snapshot: verdicts, failure types, depth/width histograms, skill gap, pairwise records, Elo history",
    query: scopeParamsSchema,
    response: {
      name: "Analysis",
      mediaType: "application/json",
      schema: analysisSchema,
      description: "null analysis before the first rated match",
    },
    notFound: true,
  },
  leaderboardCsv: {
    path: "/api/leaderboard.csv",
    summary: "The same leaderboard as CSV, one row per agent (by=people: the people's leaderboard, its own columns)",
    query: leaderboardCsvParamsSchema,
    response: {
      name: "LeaderboardCsv",
      mediaType: "text/csv",
      schema: z.string(),
      description: `header ${LEADERBOARD_CSV_COLUMNS.join(",")}; by=people: ${PEOPLE_CSV_COLUMNS.join(",")}`,
    },
    notFound: true,
  },
  battles: {
    path: "/api/battles.jsonl",
    summary: "Rated matches of a scope as battles (the public arena format), agent names as models",
    query: scopeParamsSchema,
    response: {
      name: "Battle",
      mediaType: "application/x-ndjson",
      schema: battleLineSchema,
      description: "one battle per line, in finishing order",
    },
    notFound: true,
  },
  agents: {
    path: "/api/agents",
    summary: "Every registered agent",
    response: {
      name: "Agents",
      mediaType: "application/json",
      schema: z.array(agentSummarySchema),
      description: "agents by name (no endpoint details, never a secret)",
    },
    notFound: false,
  },
  agent: {
    path: "/api/agents/{id}",
    summary: "One agent: rating, rating history, head-to-head records, recent matches",
    query: agentParamsSchema,
    pathParams: id("agent"),
    response: { name: "Agent", mediaType: "application/json", schema: agentViewSchema, description: "the agent" },
    notFound: true,
  },
  matches: {
    path: "/api/matches",
    summary: "Matches newest first, a page at a time",
    query: matchListParamsSchema,
    response: {
      name: "MatchPage",
      mediaType: "application/json",
      schema: matchPageSchema,
      description: "a page of matches and the cursor of the next",
    },
    notFound: false,
  },
  match: {
    path: "/api/matches/{id}",
    summary: "One match with every stored round",
    pathParams: id("match"),
    response: {
      name: "Match",
      mediaType: "application/json",
      schema: matchViewSchema,
      description:
        "the match and its rounds; an agent's errorDetail (it can name the endpoint) only for the agent's owner and admins, the error class for everyone",
    },
    notFound: true,
  },
  matchScores: {
    path: "/api/matches/{id}/scores",
    summary:
      "Report scores of each round of a match: per answer citation support (each cited statement supported, unsupported or unknown, with the tree node of the cited URL), claims, DR3, InteScore (no drift term), RACE beside the verdict; each with its mode",
    pathParams: id("match"),
    response: {
      name: "RoundScores",
      mediaType: "application/json",
      schema: roundScoresSchema,
      description: "rounds in order; a round not scored yet has no scores",
    },
    notFound: true,
  },
  scores: {
    path: "/api/scores",
    summary:
      "Report-score columns of a leaderboard scope (means with 95 % bootstrap intervals over matches, one mode per column), RACE agreement with the verdicts, and the style- and citation-controlled ratings with their coefficients",
    query: scopeParamsSchema,
    response: {
      name: "Scoreboard",
      mediaType: "application/json",
      schema: scoreboardSchema,
      description:
        "computed by a worker after each rating snapshot and score change and stored beside the snapshot (`computed` says which; `stale`: a newer one is on its way); null bounds are unbounded intervals (fewer than two matches)",
    },
    notFound: true,
  },
  agentScores: {
    path: "/api/agents/{id}/scores",
    summary:
      "One agent's mean of every report score under one examiner configuration, per mode, with 95 % bootstrap intervals over matches",
    query: agentParamsSchema,
    pathParams: id("agent"),
    response: {
      name: "AgentScores",
      mediaType: "application/json",
      schema: agentScoreMeansSchema,
      description: "one entry per metric and mode; raceAgreement over this agent's rounds",
    },
    notFound: true,
  },
  tournaments: {
    path: "/api/tournaments",
    summary: "Every tournament",
    response: {
      name: "Tournaments",
      mediaType: "application/json",
      schema: z.array(tournamentSummarySchema),
      description: "tournaments, newest first",
    },
    notFound: false,
  },
  tournament: {
    path: "/api/tournaments/{id}",
    summary: "One tournament: Swiss rounds, pairings, byes, results and ratings",
    pathParams: id("tournament"),
    response: { name: "Tournament", mediaType: "application/json", schema: tournamentViewSchema, description: "the tournament" },
    notFound: true,
  },
  trees: {
    path: "/api/trees",
    summary: "Every stored information tree",
    response: {
      name: "Trees",
      mediaType: "application/json",
      schema: z.array(treeSummarySchema),
      description: "trees with sizes and match counts",
    },
    notFound: false,
  },
  tree: {
    path: "/api/trees/{id}",
    summary: "One tree's outline",
    pathParams: id("tree"),
    response: { name: "Tree", mediaType: "application/json", schema: treeViewSchema, description: "the tree and its outline" },
    notFound: true,
  },
  node: {
    path: "/api/trees/{id}/nodes/{nodeId}",
    summary: "One node of a tree: page text, description, link contexts, path and children",
    pathParams: [...id("tree"), { name: "nodeId", description: "node id (of this tree)" }],
    response: { name: "Node", mediaType: "application/json", schema: nodeViewSchema, description: "the node" },
    notFound: true,
  },
  events: {
    path: "/api/events",
    summary:
      "Live arena events as server-sent events (rounds stored, matches finished, snapshots and scoreboards written, tournaments paired or completed)",
    query: eventsParamsSchema,
    response: {
      name: "ArenaEvent",
      mediaType: "text/event-stream",
      schema: arenaEventSchema,
      description:
        "a stream of `data: <event JSON>` messages and `: heartbeat` comments every 15 s; events carry ids, re-read the resource to update",
    },
    notFound: false,
  },
  health: {
    path: "/api/health",
    summary:
      "Health for load balancers and orchestrators: PostgreSQL and Redis checked, the build served, the workers whose heartbeat is current; 503 when PostgreSQL or Redis does not answer. A failed check's error text is shown to admins only",
    response: {
      name: "Health",
      mediaType: "application/json",
      schema: webHealthSchema,
      description: "status ok (200) or unavailable (503, same body)",
    },
    notFound: false,
  },
  openapi: {
    path: "/api/openapi.json",
    summary: "This document",
    response: {
      name: "OpenApiDocument",
      mediaType: "application/json",
      schema: z.object({ openapi: z.string() }).loose(),
      description: "OpenAPI 3.1",
    },
    notFound: false,
  },
  // Signed-in routes of agent owners (features/submission, features/account).
  submitAgent: {
    path: "/api/agents",
    method: "post",
    summary:
      "Submit an agent (owners; session or personal API token): 400 malformed, 403 wrong role or cross-site, 409 duplicate name, 413 over 64 KB, 422 refused by the address guard or failing its health check, 429 over 10 submissions an hour",
    body: agentSubmissionSchema,
    auth: true,
    status: 201,
    response: {
      name: "SubmittedAgent",
      mediaType: "application/json",
      schema: submittedAgentSchema,
      description: "the stored agent, pending approval unless auto-approval is on; never its key",
    },
    notFound: false,
  },
  myAgents: {
    path: "/api/me/agents",
    summary: "The signed-in owner's agents: status, queued/running/finished matches, last result, rating",
    auth: true,
    response: { name: "MyAgent", mediaType: "application/json", schema: z.array(myAgentSchema), description: "newest first" },
    notFound: false,
  },
  probeAgent: {
    path: "/api/me/agents/probe",
    method: "post",
    summary: "Test an endpoint before submitting: address guard, health check, one probe question; nothing is stored",
    body: agentSubmissionSchema,
    auth: true,
    response: {
      name: "ProbeResult",
      mediaType: "application/json",
      schema: probeResultSchema,
      description: "latency, answer excerpt, citations, or the error class and detail",
    },
    notFound: false,
  },
  agentKey: {
    path: "/api/me/agents/{id}/key",
    method: "post",
    summary: "Replace (or remove, with null) one of the owner's agent keys, then re-run its health check",
    pathParams: id("agent"),
    body: keyRotationSchema,
    auth: true,
    response: {
      name: "HealthResult",
      mediaType: "application/json",
      schema: healthResultSchema,
      description: "the health check with the new key",
    },
    notFound: true,
  },
  editAgent: {
    path: "/api/me/agents/{id}",
    method: "patch",
    summary:
      "Replace one of the owner's agent descriptions (Markdown, at most 2,000 characters; empty clears it): 400 too long, 404 not the owner's",
    pathParams: id("agent"),
    body: agentEditSchema,
    auth: true,
    response: { name: "EditedAgent", mediaType: "application/json", schema: editedAgentSchema, description: "the description as stored" },
    notFound: true,
  },
  withdrawAgent: {
    path: "/api/me/agents/{id}/withdraw",
    method: "post",
    summary: "Take back one of the owner's pending submissions: it can no longer be approved (409 when it is not pending)",
    pathParams: id("agent"),
    auth: true,
    response: {
      name: "WithdrawnAgent",
      mediaType: "application/json",
      schema: withdrawnAgentSchema,
      description: "the agent, now withdrawn",
    },
    notFound: true,
  },
  removeAgent: {
    path: "/api/me/agents/{id}",
    method: "delete",
    summary:
      "Delete one of the owner's agents that never played; one that played is retired (kept with its matches and ratings, out of play)",
    pathParams: id("agent"),
    auth: true,
    response: { name: "RemovedAgent", mediaType: "application/json", schema: removedAgentSchema, description: "deleted or retired" },
    notFound: true,
  },
  tokens: {
    path: "/api/tokens",
    summary: "The signed-in owner's personal API tokens (prefixes only)",
    auth: true,
    response: { name: "ApiToken", mediaType: "application/json", schema: z.array(apiTokenSchema), description: "newest first" },
    notFound: false,
  },
  createToken: {
    path: "/api/tokens",
    method: "post",
    summary: "Create a personal API token for POST /api/agents (`Authorization: Bearer …`)",
    body: newTokenRequestSchema,
    auth: true,
    status: 201,
    response: { name: "NewApiToken", mediaType: "application/json", schema: newTokenSchema, description: "the token, shown this once" },
    notFound: false,
  },
  revokeToken: {
    path: "/api/tokens/{id}",
    method: "delete",
    summary: "Revoke one of the owner's tokens",
    pathParams: id("token"),
    auth: true,
    response: {
      name: "Revoked",
      mediaType: "application/json",
      schema: z.object({ revoked: z.boolean() }),
      description: "404 when there is no such live token",
    },
    notFound: true,
  },
  auditQueues: {
    path: "/api/audit/queues",
    summary: "Audit queues with progress overall, per auditor and of the caller (auditors and admins)",
    auth: true,
    response: { name: "AuditQueue", mediaType: "application/json", schema: z.array(auditQueueSummarySchema), description: "newest first" },
    notFound: false,
  },
  createAuditQueue: {
    path: "/api/audit/queues",
    method: "post",
    summary:
      "Create an audit queue of judged rounds, at random or stratified by verdict, tournament, agent or examiner configuration (admins)",
    body: newQueueSchema,
    auth: true,
    status: 201,
    response: {
      name: "NewAuditQueue",
      mediaType: "application/json",
      schema: z.object({ id: z.string(), name: z.string(), items: z.number().int() }),
      description: "the queue and how many rounds it drew (422 when none matches)",
    },
    notFound: false,
  },
  closeAuditQueue: {
    path: "/api/audit/queues/{id}/close",
    method: "post",
    summary: "Close an audit queue: nothing more is handed out and answers can no longer change (admins)",
    pathParams: id("audit queue"),
    auth: true,
    response: { name: "Closed", mediaType: "application/json", schema: z.object({ closed: z.boolean() }), description: "closed" },
    notFound: true,
  },
  nextAuditItem: {
    path: "/api/audit/queues/{id}/next",
    method: "post",
    summary:
      "The caller's next item of a queue (the oldest that still needs annotators and that they have not done), held for them for 5 minutes; a form post is redirected to it (303)",
    pathParams: id("audit queue"),
    auth: true,
    response: {
      name: "NextAuditItem",
      mediaType: "application/json",
      schema: z.object({ itemId: z.string().nullable() }),
      description: "null when nothing is left for the caller (with Accept: application/json)",
    },
    notFound: true,
  },
  auditItem: {
    path: "/api/audit/items/{id}",
    summary:
      "One audit item, blind (seats only); the examiner's verdict only after the caller's own C1 (holds the item for the caller; 409 when enough others hold or did it)",
    pathParams: id("audit item"),
    auth: true,
    response: {
      name: "AuditItem",
      mediaType: "application/json",
      schema: auditItemViewSchema,
      description: "reveal is null until the caller's C1 is stored",
    },
    notFound: true,
  },
  auditAnswers: {
    path: "/api/audit/items/{id}/answers",
    method: "post",
    summary: "Submit or edit parts A–C (A1, A2, A3, B1, C1 in the seats as shown) until the queue closes; every change is kept",
    pathParams: id("audit item"),
    body: answersSchema,
    auth: true,
    response: {
      name: "AnnotationSaved",
      mediaType: "application/json",
      schema: z.object({ annotationId: z.string() }),
      description: "stored",
    },
    notFound: true,
  },
  auditReview: {
    path: "/api/audit/items/{id}/review",
    method: "post",
    summary: "Submit part D after C1: D1 (agree with the examiner) and D2 (rounds sufficiency of the match, once per match)",
    pathParams: id("audit item"),
    body: reviewSchema,
    auth: true,
    response: {
      name: "AnnotationSaved",
      mediaType: "application/json",
      schema: z.object({ annotationId: z.string() }),
      description: "stored (409 before C1)",
    },
    notFound: true,
  },
  auditReport: {
    path: "/api/audit/report",
    summary:
      "The audit report: question validity, rubric factuality, Cohen's κ (examiner vs each auditor, between auditors), verdict confusion matrix, transition logic, stop condition, Instrument I, disagreements, beside the paper's figures",
    query: auditQueueParamsSchema,
    auth: true,
    response: {
      name: "AuditReport",
      mediaType: "application/json",
      schema: auditReportSchema,
      description: "admins: every annotation; auditors: the items they annotated themselves",
    },
    notFound: false,
  },
  auditAnnotationsJsonl: {
    path: "/api/audit/annotations.jsonl",
    summary:
      "Every annotation the caller may read, one JSON object per line (queue, round, match, auditor id, every answer, seats-swapped flag, timestamps)",
    query: auditQueueParamsSchema,
    auth: true,
    response: {
      name: "AnnotationLine",
      mediaType: "application/x-ndjson",
      schema: annotationExportSchema,
      description: "one annotation per line, oldest first",
    },
    notFound: false,
  },
  auditAnnotationsCsv: {
    path: "/api/audit/annotations.csv",
    summary: "The same annotations as CSV (columns in the order of the JSONL fields)",
    query: auditQueueParamsSchema,
    auth: true,
    response: {
      name: "AnnotationCsv",
      mediaType: "text/csv",
      schema: annotationExportSchema,
      description: "a header row, then one annotation per row",
    },
    notFound: false,
  },
  auditVariants: {
    path: "/api/audit/items/{id}/variants",
    method: "post",
    summary:
      "Instrument I: the caller's best question and best checklist among the three blinded variants of the item's node (options numbered as shown)",
    pathParams: id("audit item"),
    body: variantChoiceSchema,
    auth: true,
    response: {
      name: "VariantsSaved",
      mediaType: "application/json",
      schema: z.object({ saved: z.boolean() }),
      description: "stored (replaces an earlier pick)",
    },
    notFound: true,
  },
  voidRound: {
    path: "/api/audit/rounds/{id}/void",
    method: "post",
    summary:
      "Void a judged round (admins): the match score and result, every later rating snapshot and the leaderboard are recomputed; the match page names who and why",
    pathParams: id("round"),
    body: voidRequestSchema,
    auth: true,
    response: {
      name: "RoundVoided",
      mediaType: "application/json",
      schema: z.object({
        roundId: z.string(),
        matchId: z.string(),
        winnerBefore: z.string().nullable(),
        winnerAfter: z.string().nullable(),
        snapshots: z.array(
          z.object({
            examinerConfigId: z.string(),
            tournamentId: z.string().nullable(),
            rewritten: z.number().int(),
            matchesCounted: z.number().int(),
          }),
        ),
      }),
      description: "the match's result before and after, and the snapshots rewritten per scope (409 when already voided)",
    },
    notFound: true,
  },
  // People's votes and spans (features/votes, docs/voting.md): any signed-in account, session or personal API token.
  nextVote: {
    path: "/api/votes/next",
    summary:
      "The caller's next round to vote on, blind: its id, the question, the word limit and the two answers in the seats this caller sees (no agent name or id, no match, no verdict). A round served and not voted on yet is served again; 404 when no round is left for the caller",
    auth: true,
    response: { name: "NextVote", mediaType: "application/json", schema: nextVoteSchema, description: "the round in the caller's seats" },
    notFound: true,
  },
  castVote: {
    path: "/api/votes",
    method: "post",
    summary:
      "Vote on the round served to the caller, the verdict in the seats as shown: 201 with the reveal (both agents, the examiner's verdict and reasoning). 404 a round not served to the caller, 409 voted on already or voided since, 413 over 16 KB, 429 over 200 votes of the account or 600 from the address in 24 hours (nothing stored)",
    body: voteRequestSchema,
    auth: true,
    status: 201,
    response: {
      name: "VoteReveal",
      mediaType: "application/json",
      schema: revealSchema,
      description: "agents, examiner verdict and the vote, in the seats shown",
    },
    notFound: true,
  },
  voteReveal: {
    path: "/api/votes/{roundId}/reveal",
    summary: "The reveal of a round the caller has voted on, again (404 before their vote)",
    pathParams: [{ name: "roundId", description: "round id" }],
    auth: true,
    response: {
      name: "VoteReveal",
      mediaType: "application/json",
      schema: revealSchema,
      description: "agents, examiner verdict and the vote, in the seats shown",
    },
    notFound: true,
  },
  votesJsonl: {
    path: "/api/votes.jsonl",
    summary:
      "People's counted votes (not on the voter's own agents, not of excluded or low-gold voters, not on voided rounds) in the public battle format with judge \"human\", agent names as models: `arena ratings --input votes.jsonl` fits them as it fits /api/battles.jsonl",
    query: z.object({
      examiner: z
        .string()
        .min(1)
        .max(200)
        .optional()
        .describe("only votes on this examiner configuration's rounds (default: every vote; an unknown id gives no lines)"),
    }),
    response: {
      name: "VoteLine",
      mediaType: "application/x-ndjson",
      schema: voteLineSchema,
      description: "one vote per line, oldest first; voters as pseudonyms",
    },
    notFound: false,
  },
  createSpan: {
    path: "/api/spans",
    method: "post",
    summary:
      'Mark a stretch [start, end) of a stored answer (UTF-16 offsets) unsupported, wrong or insightful, with an optional comment; seats "shown" (the seats the caller\'s vote page showed) or "match". 404 unknown round or answer, 409 shown seats on a round not served to the caller, 413 over 8 KB, 422 offsets outside the answer, 429 over 500 spans a day or 50 on one round',
    body: spanRequestSchema,
    auth: true,
    status: 201,
    response: {
      name: "Span",
      mediaType: "application/json",
      schema: spanViewSchema,
      description: "the span, its seat in the terms given, with the marked text",
    },
    notFound: true,
  },
  deleteSpan: {
    path: "/api/spans/{id}",
    method: "delete",
    summary: "Delete one of the caller's spans (404 for anyone else's)",
    pathParams: id("span"),
    auth: true,
    response: { name: "SpanDeleted", mediaType: "application/json", schema: z.object({ deleted: z.boolean() }), description: "deleted" },
    notFound: true,
  },
  spansJsonl: {
    path: "/api/spans.jsonl",
    summary:
      "Every span: round, match, examiner configuration, agent and match seat of the marked answer, offsets, label, comment and the marked text; never its author",
    response: {
      name: "SpanLine",
      mediaType: "application/x-ndjson",
      schema: spanLineSchema,
      description: "one span per line, oldest first",
    },
    notFound: false,
  },
  voters: {
    path: "/api/votes/voters",
    summary:
      "Every account that voted or was excluded, with votes, gold votes, gold agreement, whether it is below the gold threshold and its exclusion (admins)",
    auth: true,
    response: { name: "Voter", mediaType: "application/json", schema: z.array(voterRowSchema), description: "most votes first" },
    notFound: false,
  },
  excludeVoter: {
    path: "/api/votes/voters/{id}/exclusion",
    method: "post",
    summary: "Leave an account's votes out of the people's leaderboard, with a reason (admins; nothing is deleted, DELETE takes it back)",
    pathParams: id("account"),
    body: exclusionRequestSchema,
    auth: true,
    response: {
      name: "VoterExclusion",
      mediaType: "application/json",
      schema: z.object({ voterId: z.string(), excluded: z.boolean() }),
      description: "excluded",
    },
    notFound: true,
  },
  includeVoter: {
    path: "/api/votes/voters/{id}/exclusion",
    method: "delete",
    summary: "Take an exclusion back: the account's votes count again (admins; 404 when it is not excluded)",
    pathParams: id("account"),
    auth: true,
    response: {
      name: "VoterExclusion",
      mediaType: "application/json",
      schema: z.object({ voterId: z.string(), excluded: z.boolean() }),
      description: "counted again",
    },
    notFound: true,
  },
} as const satisfies Record<string, ApiRoute>;

export type RouteName = keyof typeof API_ROUTES;

/**
 * Route handlers under app/api that are not in this table: the authentication library's
 * catch-all (its endpoints are the library's protocol, not documented here) and the operator
 * console's catch-all, whose operations the OpenAPI document lists from features/console/schemas.ts
 * (tests/web/openapi-coverage.test.ts checks both).
 */
export const UNDOCUMENTED_ROUTES = ["/api/auth/{...all}", "/api/console/{...path}"] as const;
