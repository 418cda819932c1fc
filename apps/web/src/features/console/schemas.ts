import { z } from "zod";
import { agentOverviewSchema } from "@arena/agents";
import { allowedHostRequestSchema, allowedHostSchema, settingsSchema, settingsUpdateSchema } from "@arena/db/accounts";
import {
  connectionTestSchema,
  examinerConfigRowSchema,
  examinerKeyRequestSchema,
  newExaminerConfigSchema,
} from "@arena/match/examiner-configs";
import { addAgentRequestSchema, newTournamentRequestSchema, participantRowSchema, tournamentRowSchema } from "@arena/tournament";
import { tournamentEstimateSchema, tournamentSummarySchema } from "@arena/tournament/read";
import { importedTreeSchema, treeSummarySchema } from "@arena/trees/read";
import { crawlJobSchema, crawlRequestSchema, retiredTreeSchema, treeUploadRequestSchema } from "@arena/trees/store";
import { newSourceSchema, scheduledRunSchema, scheduleSchema, storedScheduleSchema, topicSourceSchema } from "@arena/trees/sources";
import { worldImportResultSchema, worldRequestSchema } from "@arena/trees/world";
import type { ConsoleApiKey } from "./routes";

const consoleEstimateSchema = tournamentEstimateSchema.extend({ text: z.string() });
/** A tournament's status change (start, pause, resume, cancel): no body, the tournament as it now is. */
const tournamentNow = (summary: string) => ({ summary, response: { name: "ConsoleTournament", schema: tournamentRowSchema } });

/**
 * The console API's request and response shapes, each from the package that owns it: the
 * handlers (api.ts) parse bodies with them and the OpenAPI document (lib/api/openapi.ts) lists
 * every console route with them. Server-only (the console pages import routes.ts, not this).
 */
export interface ConsoleRouteSpec {
  summary: string;
  body?: z.ZodType;
  /** Success status (default 200). */
  status?: 200 | 201;
  response: { name: string; schema: z.ZodType };
}

const done = <K extends string>(key: K) => z.object({ [key]: z.literal(true) } as Record<K, z.ZodLiteral<true>>);

const examinerCreatedSchema = z.object({ id: z.string(), name: z.string(), mode: z.string() });
export const playableAgentSchema = z.object({ id: z.string(), name: z.string(), protocol: z.string() });
const healthCheckSchema = z.object({ ok: z.boolean(), detail: z.string() });

export const CONSOLE_SPECS: Record<ConsoleApiKey, ConsoleRouteSpec> = {
  "GET agents": {
    summary: "Every endpoint agent with its status and owner",
    response: { name: "ConsoleAgents", schema: z.array(agentOverviewSchema) },
  },
  "GET agent-choices": {
    summary: "Agents a tournament can enter",
    response: { name: "ConsoleAgentChoices", schema: z.array(playableAgentSchema) },
  },
  "POST agents/:id/approve": {
    summary: "Approve a pending agent (and enter it in the open tournament)",
    response: {
      name: "ConsoleApproval",
      schema: z.object({ joined: z.object({ tournamentId: z.string(), round: z.number().int() }).nullable() }),
    },
  },
  "POST agents/:id/disable": { summary: "Disable an agent", response: { name: "ConsoleDisabled", schema: done("disabled") } },
  "POST agents/:id/recheck": {
    summary: "Enable an agent and re-run its health check",
    response: { name: "ConsoleHealthCheck", schema: healthCheckSchema },
  },
  "GET settings": { summary: "Operator settings", response: { name: "ConsoleSettings", schema: settingsSchema } },
  "POST settings": {
    summary: "Change operator settings",
    body: settingsUpdateSchema,
    response: { name: "ConsoleSettings", schema: settingsSchema },
  },
  "GET allowed-hosts": {
    summary: "The address guard's allow-list",
    response: { name: "ConsoleAllowedHosts", schema: z.array(allowedHostSchema) },
  },
  "POST allowed-hosts": {
    summary: "Add an allow-list entry",
    body: allowedHostRequestSchema,
    status: 201,
    response: { name: "ConsoleAllowedHost", schema: allowedHostSchema },
  },
  "DELETE allowed-hosts/:id": { summary: "Remove an allow-list entry", response: { name: "ConsoleRemoved", schema: done("removed") } },
  "GET tournaments": {
    summary: "Every tournament, with the agents entered in it",
    response: { name: "ConsoleTournaments", schema: z.array(tournamentSummarySchema.extend({ participantIds: z.array(z.string()) })) },
  },
  "POST tournaments": {
    summary: "Create a draft tournament (with the estimate printed before it starts)",
    body: newTournamentRequestSchema,
    status: 201,
    response: { name: "ConsoleCreatedTournament", schema: tournamentRowSchema.extend({ estimate: consoleEstimateSchema }) },
  },
  "POST tournaments/estimate": {
    summary: "Estimate a tournament's matches, rounds and known cost before creating it",
    body: newTournamentRequestSchema,
    response: { name: "ConsoleTournamentEstimate", schema: consoleEstimateSchema },
  },
  "POST tournaments/:id/start": tournamentNow("Start a draft tournament"),
  "POST tournaments/:id/pause": tournamentNow("Pause a running tournament"),
  "POST tournaments/:id/resume": tournamentNow("Resume a paused tournament"),
  "POST tournaments/:id/cancel": tournamentNow("Cancel a tournament"),
  "POST tournaments/:id/add-agent": {
    summary: "Enter a late agent from the next round",
    body: addAgentRequestSchema,
    response: { name: "ConsoleParticipant", schema: participantRowSchema },
  },
  "GET examiners": {
    summary: "Examiner configurations (never their keys)",
    response: { name: "ConsoleExaminers", schema: z.array(examinerConfigRowSchema) },
  },
  "POST examiners": {
    summary: "Create an examiner configuration",
    body: newExaminerConfigSchema,
    status: 201,
    response: { name: "ConsoleExaminerCreated", schema: examinerCreatedSchema },
  },
  "POST examiners/:id/test": {
    summary: "Test a stored configuration's connection",
    response: { name: "ConsoleConnectionTest", schema: connectionTestSchema },
  },
  "POST examiners/:id/key": {
    summary: "Replace an llm configuration's API key",
    body: examinerKeyRequestSchema,
    response: { name: "ConsoleRotated", schema: done("rotated") },
  },
  "GET trees": { summary: "Every stored tree", response: { name: "ConsoleTrees", schema: z.array(treeSummarySchema) } },
  "POST trees/:id/retire": {
    summary: "Retire a tree: new matches skip it, its matches stay",
    response: { name: "ConsoleRetiredTree", schema: retiredTreeSchema },
  },
  "POST trees": {
    summary: "Import a tree file (DR-Arena JSON)",
    body: treeUploadRequestSchema,
    status: 201,
    response: { name: "ConsoleTree", schema: importedTreeSchema },
  },
  "GET crawls": { summary: "Crawl jobs", response: { name: "ConsoleCrawls", schema: z.array(crawlJobSchema) } },
  "POST crawls": {
    summary: "Start a crawl (run by a worker)",
    body: crawlRequestSchema,
    status: 201,
    response: { name: "ConsoleCrawl", schema: crawlJobSchema },
  },
  "POST crawls/:id/cancel": {
    summary: "Ask a crawl to stop",
    response: { name: "ConsoleCancelRequested", schema: done("cancelRequested") },
  },
  "GET sources": {
    summary: "Topic sources of the tree schedule",
    response: { name: "ConsoleSources", schema: z.array(topicSourceSchema) },
  },
  "POST sources": {
    summary: "Add a topic source (hub, feed, sitemap or search)",
    body: newSourceSchema,
    status: 201,
    response: { name: "ConsoleSource", schema: topicSourceSchema },
  },
  "DELETE sources/:id": {
    summary: "Remove a topic source",
    response: { name: "ConsoleRemoved", schema: z.object({ removed: z.literal(true) }) },
  },
  "GET schedule": { summary: "The tree schedule and its last run", response: { name: "ConsoleSchedule", schema: storedScheduleSchema } },
  "POST schedule": {
    summary: "Change the tree schedule (the repeatable job follows)",
    body: scheduleSchema.partial(),
    response: { name: "ConsoleSchedule", schema: storedScheduleSchema },
  },
  "POST schedule/run": {
    summary: "Run the tree schedule now: retire old trees, queue crawls",
    response: { name: "ConsoleScheduledRun", schema: scheduledRunSchema },
  },
  "POST worlds": {
    summary: "Generate and store a synthetic world's trees",
    body: worldRequestSchema,
    status: 201,
    response: { name: "ConsoleWorld", schema: worldImportResultSchema },
  },
};
