import { disableAgent, enableAgent, listAllAgents, listPlayableAgents, recheckAgentHealth } from "@arena/agents";
import { estimateLines, swissRoundCount } from "@arena/core";
import {
  addAllowedHost,
  allowedHostRequestSchema,
  listAllowedHosts,
  readSettings,
  removeAllowedHost,
  settingsUpdateSchema,
  writeSetting,
} from "@arena/db/accounts";
import {
  createExaminerConfig,
  examinerKeyRequestSchema,
  listExaminerConfigs,
  newExaminerConfigSchema,
  rotateExaminerKey,
  testStoredExaminer,
} from "@arena/match/examiner-configs";
import {
  addAgentAndTick,
  addAgentRequestSchema,
  approveAndEnter,
  cancelTournament,
  createTournament,
  launchTournament,
  newTournamentRequestSchema,
  pauseTournament,
  resumeAndTick,
  withQueues,
  type NewTournamentRequest,
} from "@arena/tournament";
import { readParticipantIds, readTournament, readTournamentEstimate, readTournaments } from "@arena/tournament/read";
import {
  cancelCrawlJob,
  crawlRequestSchema,
  importTree,
  listCrawlJobs,
  listTrees,
  MAX_TREE_FILE_BYTES,
  parseTreeText,
  retireTree,
  treeUploadRequestSchema,
} from "@arena/trees/store";
import { importWorld, worldRequestSchema } from "@arena/trees/world";
import {
  addSource,
  applySchedule,
  listSources,
  newSourceSchema,
  queueCrawl,
  readSchedule,
  removeSource,
  runScheduleNow,
  scheduleSchema,
} from "@arena/trees/sources";
import { requireRoleApi } from "@/lib/auth-session";
import { db } from "@/lib/db";
import { handle, HttpError, notFound, parseBody } from "@/lib/api/http";
import { jsonBody } from "../submission/body";
import { CONSOLE_API, type ConsoleApiKey } from "./routes";

/**
 * The console's JSON API: the routes of CONSOLE_API (routes.ts) under /api/console, served by one
 * catch-all route handler that authenticates an admin before anything else runs. ROUTES must
 * have exactly the table's keys (the type says so), and the access test walks the table. Bodies
 * are parsed with the owning packages' schemas (schemas.ts documents them in the OpenAPI document);
 * errors answer `{error: {code, message}}` through lib/api/http's one table.
 */

type Params = Record<string, string>;
type Handler = (ctx: { params: Params; body: unknown }) => Promise<Response>;
interface ConsoleRoute {
  /** Largest body accepted (default 64 KB). */
  maxBytes?: number;
  handler: Handler;
}

const ok = (data: unknown, status = 200) => Response.json(data, { status });

/** The estimate the console shows before a tournament is created (the same as `arena tournament create` prints). */
async function estimateOf(t: NewTournamentRequest) {
  const e = await readTournamentEstimate(db(), {
    agentIds: t.agentIds,
    rounds: t.swissRounds ?? swissRoundCount(t.agentIds.length),
    treesPerPairing: t.treesPerPairing ?? t.treeIds.length,
  });
  return { ...e, text: estimateLines(e, t).join("\n") };
}

const ROUTES: Record<ConsoleApiKey, ConsoleRoute> = {
  "GET agents": { handler: async () => ok(await listAllAgents(db())) },
  "GET agent-choices": { handler: async () => ok(await listPlayableAgents(db())) },
  "POST agents/:id/approve": { handler: async ({ params }) => ok(await approveAndEnter(db(), params.id!)) },
  "POST agents/:id/disable": {
    handler: async ({ params }) => {
      await disableAgent(db(), params.id!);
      return ok({ disabled: true });
    },
  },
  "POST agents/:id/recheck": {
    handler: async ({ params }) => {
      await enableAgent(db(), params.id!);
      return ok(await recheckAgentHealth(db(), params.id!));
    },
  },
  "GET settings": { handler: async () => ok(await readSettings(db())) },
  "POST settings": {
    handler: async ({ body }) => {
      const settings = parseBody(settingsUpdateSchema, body);
      for (const key of ["openSignUp", "autoApproval"] as const)
        if (settings[key] !== undefined) await writeSetting(db(), key, settings[key]);
      return ok(await readSettings(db()));
    },
  },
  "GET allowed-hosts": { handler: async () => ok(await listAllowedHosts(db())) },
  "POST allowed-hosts": {
    handler: async ({ body }) => {
      const host = parseBody(allowedHostRequestSchema, body);
      return ok(await addAllowedHost(db(), host.pattern, host.note), 201);
    },
  },
  "DELETE allowed-hosts/:id": {
    handler: async ({ params }) => {
      await removeAllowedHost(db(), params.id!);
      return ok({ removed: true });
    },
  },
  "GET tournaments": {
    handler: async () => {
      const rows = await readTournaments(db());
      const entered = await readParticipantIds(
        db(),
        rows.map((t) => t.id),
      );
      return ok(rows.map((t) => ({ ...t, participantIds: entered.get(t.id) ?? [] })));
    },
  },
  "POST tournaments": {
    handler: async ({ body }) => {
      const request = parseBody(newTournamentRequestSchema, body);
      const created = await createTournament(db(), request);
      return ok({ ...created, estimate: await estimateOf(request) }, 201);
    },
  },
  "POST tournaments/estimate": { handler: async ({ body }) => ok(await estimateOf(parseBody(newTournamentRequestSchema, body))) },
  "POST tournaments/:id/start": { handler: async ({ params }) => tournamentAction("start", params.id!) },
  "POST tournaments/:id/pause": { handler: async ({ params }) => tournamentAction("pause", params.id!) },
  "POST tournaments/:id/resume": { handler: async ({ params }) => tournamentAction("resume", params.id!) },
  "POST tournaments/:id/cancel": { handler: async ({ params }) => tournamentAction("cancel", params.id!) },
  "POST tournaments/:id/add-agent": {
    handler: async ({ params, body }) => {
      const { agentId } = parseBody(addAgentRequestSchema, body);
      return ok(await withQueues((q) => addAgentAndTick(db(), q, params.id!, agentId)));
    },
  },
  // Fresh trees on a schedule: the same commands as `arena source …` and `arena schedule …`.
  "GET sources": { handler: async () => ok(await listSources(db())) },
  "POST sources": { handler: async ({ body }) => ok(await addSource(db(), parseBody(newSourceSchema, body)), 201) },
  "DELETE sources/:id": {
    handler: async ({ params }) => {
      await removeSource(db(), params.id!);
      return ok({ removed: true });
    },
  },
  "GET schedule": { handler: async () => ok(await readSchedule(db())) },
  "POST schedule": { handler: async ({ body }) => ok(await applySchedule(db(), parseBody(scheduleSchema.partial(), body))) },
  "POST schedule/run": { handler: async () => ok(await runScheduleNow(db())) },
  "GET examiners": { handler: async () => ok(await listExaminerConfigs(db())) },
  "POST examiners": {
    handler: async ({ body }) => {
      const c = await createExaminerConfig(db(), parseBody(newExaminerConfigSchema, body));
      return ok({ id: c.id, name: c.name, mode: c.mode }, 201);
    },
  },
  "POST examiners/:id/test": { handler: async ({ params }) => ok(await testStoredExaminer(db(), params.id!)) },
  "POST examiners/:id/key": {
    handler: async ({ params, body }) => {
      await rotateExaminerKey(db(), params.id!, parseBody(examinerKeyRequestSchema, body).apiKey);
      return ok({ rotated: true });
    },
  },
  "GET trees": { handler: async () => ok(await listTrees(db())) },
  "POST trees": {
    maxBytes: MAX_TREE_FILE_BYTES + 64 * 1024,
    handler: async ({ body }) => {
      // A re-upload (same root URL and content) is asked about first (409): keep the stored tree or replace it.
      const upload = parseBody(treeUploadRequestSchema, body);
      const tree = parseTreeText(upload.file, upload.text);
      return ok(await importTree(db(), tree, { sourceName: upload.file, onDuplicate: upload.onDuplicate }), 201);
    },
  },
  "POST trees/:id/retire": {
    handler: async ({ params }) => {
      return ok(await retireTree(db(), params.id!));
    },
  },
  "GET crawls": { handler: async () => ok(await listCrawlJobs(db())) },
  "POST crawls": {
    handler: async ({ body }) => ok(await queueCrawl(db(), parseBody(crawlRequestSchema, body)), 201),
  },
  "POST crawls/:id/cancel": {
    handler: async ({ params }) => {
      await cancelCrawlJob(db(), params.id!);
      return ok({ cancelRequested: true });
    },
  },
  "POST worlds": {
    handler: async ({ body }) => {
      const w = await importWorld(db(), parseBody(worldRequestSchema, body));
      return ok({ seed: w.params.seed, pages: w.pages, trees: w.trees.length, reused: w.reused }, 201);
    },
  },
};

const ACTIONS = {
  start: (tid: string) => withQueues((q) => launchTournament(db(), q, tid)),
  pause: (tid: string) => pauseTournament(db(), tid),
  resume: (tid: string) => withQueues((q) => resumeAndTick(db(), q, tid)),
  cancel: (tid: string) => cancelTournament(db(), tid),
};

/** A lifecycle command on an existing tournament (a refused transition is a 409 by the error table). */
async function tournamentAction(action: keyof typeof ACTIONS, tid: string): Promise<Response> {
  if (!(await readTournament(db(), tid))) throw notFound(`tournament ${tid}`);
  return ok(await ACTIONS[action](tid));
}

function match(key: ConsoleApiKey, method: string, segments: string[]): Params | null {
  const [routeMethod, path] = key.split(" ") as [string, string];
  const parts = path.split("/");
  if (routeMethod !== method || parts.length !== segments.length) return null;
  const params: Params = {};
  for (const [i, part] of parts.entries()) {
    if (part.startsWith(":")) params[part.slice(1)] = segments[i]!;
    else if (part !== segments[i]) return null;
  }
  return params;
}

/** Serves /api/console/<segments>: admin check first, then the route table; errors through lib/api/http's table. */
export async function serveConsole(req: Request, segments: string[]): Promise<Response> {
  const authz = await requireRoleApi(req, ["admin"]);
  if ("response" in authz) return authz.response;
  return handle(async () => {
    for (const key of CONSOLE_API) {
      const params = match(key, req.method, segments);
      if (!params) continue;
      const route = ROUTES[key];
      const body = req.method === "POST" && req.body ? await jsonBody(req, route.maxBytes) : {};
      return route.handler({ params, body });
    }
    throw new HttpError(404, "no such console route");
  });
}
