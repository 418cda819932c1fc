import { z } from "zod";
import { disableAgent, enableAgent, listEndpointAgents, listPlayableAgents, recheckAgentHealth } from "@arena/agents";
import { addAllowedHost, listAllowedHosts, readSettings, removeAllowedHost, writeSetting } from "@arena/db/accounts";
import { createExaminerConfig, ExaminerConfigExistsError, listExaminerConfigs, rotateExaminerKey, testStoredExaminer } from "@arena/match/examiner-configs";
import { cancelTournament, createTournament, withQueues, pauseTournament, TournamentStateError, addAgentAndTick, launchTournament, resumeAndTick } from "@arena/tournament";
import { readTournament, readTournamentEstimate, readTournaments } from "@arena/tournament/read";
import { estimateLines, swissRoundCount, tournamentPairingSchema } from "@arena/core";
import { cancelCrawlJob, crawlRequestSchema, createCrawlJob, importTree, listCrawlJobs, listTrees, MAX_TREE_FILE_BYTES, parseTreeText, TreeImportError } from "@arena/trees/store";
import { importWorld, WorldConflictError } from "@arena/trees/world";
import { addSource, applySchedule, listSources, readSchedule, removeSource, runScheduleNow, scheduleSchema } from "@arena/trees/sources";
import { createQueue, createRedis, enqueue } from "@arena/jobs";
import { requireRoleApi } from "@/lib/auth-session";
import { db } from "@/lib/db";
import { readJsonBody } from "../submission/body";
import { approveAndEnter } from "../submission/commands";
import { CONSOLE_API, type ConsoleApiKey } from "./routes";

/**
 * The console's JSON API: the routes of CONSOLE_API (routes.ts) under /api/console, served by one
 * catch-all route handler that authenticates an admin before anything else runs. ROUTES must
 * have exactly the table's keys (the type says so), and the access test walks the table.
 */

type Params = Record<string, string>;
type Handler = (ctx: { params: Params; body: unknown }) => Promise<Response>;
interface ConsoleRoute {
  /** Largest body accepted (default 64 KB). */
  maxBytes?: number;
  handler: Handler;
}

const ok = (data: unknown, status = 200) => Response.json(data, { status });
const bad = (error: string, status = 400) => Response.json({ error }, { status });

function parse<S extends z.ZodType>(schema: S, body: unknown): { data: z.output<S> } | { response: Response } {
  const r = schema.safeParse(body);
  if (r.success) return { data: r.data };
  const i = r.error.issues[0]!;
  return { response: bad(`${i.path.join(".") || "body"}: ${i.message}`) };
}

const id = z.string().min(1).max(200);
const newTournament = z.object({
  name: z.string().trim().min(1).max(200),
  agentIds: z.array(id).min(2).max(512),
  treeIds: z.array(id).min(1).max(1000),
  examinerConfigId: id,
  swissRounds: z.number().int().min(1).max(64).optional(),
  treesPerPairing: z.number().int().min(1).optional(),
  seed: z.string().min(1).max(200).default("1"),
  pairing: tournamentPairingSchema.default("swiss"),
  costCapUsd: z.number().positive().max(1e9).nullable().default(null),
  agentCapUsd: z.number().positive().max(1e9).nullable().default(null),
});

/** The estimate the console shows before a tournament is created (the same as `arena tournament create` prints). */
async function estimateOf(t: z.infer<typeof newTournament>) {
  const e = await readTournamentEstimate(db(), { agentIds: t.agentIds, rounds: t.swissRounds ?? swissRoundCount(t.agentIds.length), treesPerPairing: t.treesPerPairing ?? t.treeIds.length });
  return { ...e, text: estimateLines(e, t).join("\n") };
}

const ROUTES: Record<ConsoleApiKey, ConsoleRoute> = {
  "GET agents": { handler: async () => ok(await listEndpointAgents(db())) },
  "GET agent-choices": { handler: async () => ok(await listPlayableAgents(db())) },
  "POST agents/:id/approve": { handler: async ({ params }) => lifecycle(() => approveAndEnter(params.id!)) },
  "POST agents/:id/disable": { handler: async ({ params }) => {
      await disableAgent(db(), params.id!);
      return ok({ disabled: true });
    },
  },
  "POST agents/:id/recheck": { handler: async ({ params }) => {
      await enableAgent(db(), params.id!);
      return ok(await recheckAgentHealth(db(), params.id!));
    },
  },
  "GET settings": { handler: async () => ok(await readSettings(db())) },
  "POST settings": { handler: async ({ body }) => {
      const p = parse(z.object({ openSignUp: z.boolean().optional(), autoApproval: z.boolean().optional() }).strict(), body);
      if ("response" in p) return p.response;
      for (const [k, v] of Object.entries(p.data)) if (v !== undefined) await writeSetting(db(), k as "openSignUp" | "autoApproval", v);
      return ok(await readSettings(db()));
    },
  },
  "GET allowed-hosts": { handler: async () => ok(await listAllowedHosts(db())) },
  "POST allowed-hosts": { handler: async ({ body }) => {
      const p = parse(z.object({ pattern: z.string().trim().min(1).max(300).regex(/^[\w.:\-[\]/]+$/, "hostname, IP, CIDR or host:port"), note: z.string().max(500).nullable().default(null) }), body);
      if ("response" in p) return p.response;
      return ok(await addAllowedHost(db(), p.data.pattern, p.data.note), 201);
    },
  },
  "DELETE allowed-hosts/:id": { handler: async ({ params }) => {
      await removeAllowedHost(db(), params.id!);
      return ok({ removed: true });
    },
  },
  "GET tournaments": { handler: async () => ok(await readTournaments(db())) },
  "POST tournaments": { handler: async ({ body }) => {
      const p = parse(newTournament, body);
      if ("response" in p) return p.response;
      try {
        const created = await createTournament(db(), p.data);
        return ok({ ...created, estimate: await estimateOf(p.data) }, 201);
      } catch (err) {
        return bad(err instanceof Error ? err.message : String(err), 422);
      }
    },
  },
  "POST tournaments/estimate": { handler: async ({ body }) => {
      const p = parse(newTournament, body);
      if ("response" in p) return p.response;
      return ok(await estimateOf(p.data));
    },
  },
  "POST tournaments/:id/start": { handler: async ({ params }) => tournamentAction("start", params.id!) },
  "POST tournaments/:id/pause": { handler: async ({ params }) => tournamentAction("pause", params.id!) },
  "POST tournaments/:id/resume": { handler: async ({ params }) => tournamentAction("resume", params.id!) },
  "POST tournaments/:id/cancel": { handler: async ({ params }) => tournamentAction("cancel", params.id!) },
  "POST tournaments/:id/add-agent": { handler: async ({ params, body }) => {
      const p = parse(z.object({ agentId: id }), body);
      if ("response" in p) return p.response;
      return lifecycle(() => withQueues((q) => addAgentAndTick(db(), q, params.id!, p.data.agentId)));
    },
  },
  // Fresh trees on a schedule: the same commands as `arena source …` and `arena schedule …`.
  "GET sources": { handler: async () => ok(await listSources(db())) },
  "POST sources": { handler: async ({ body }) => {
      try {
        return ok(await addSource(db(), z.record(z.string(), z.unknown()).parse(body)), 201);
      } catch (err) {
        return bad(err instanceof z.ZodError ? (err.issues[0]?.message ?? "invalid source") : err instanceof Error ? err.message : String(err), 422);
      }
    },
  },
  "DELETE sources/:id": { handler: async ({ params }) => {
      await removeSource(db(), params.id!).catch(() => undefined);
      return ok({ removed: true });
    },
  },
  "GET schedule": { handler: async () => ok(await readSchedule(db())) },
  "POST schedule": { handler: async ({ body }) => {
      const p = parse(scheduleSchema.partial(), body);
      if ("response" in p) return p.response;
      return ok(await applySchedule(db(), p.data));
    },
  },
  "POST schedule/run": { handler: async () => ok(await runScheduleNow(db())) },
  "GET examiners": { handler: async () => ok(await listExaminerConfigs(db())) },
  "POST examiners": { handler: async ({ body }) => {
      try {
        const c = await createExaminerConfig(db(), body as never);
        return ok({ id: c.id, name: c.name, mode: c.mode }, 201);
      } catch (err) {
        if (err instanceof z.ZodError) return bad(`${err.issues[0]?.path.join(".") || "body"}: ${err.issues[0]?.message}`);
        if (err instanceof ExaminerConfigExistsError) return bad(err.message, 409);
        throw err;
      }
    },
  },
  "POST examiners/:id/test": { handler: async ({ params }) => ok(await testStoredExaminer(db(), params.id!)) },
  "POST examiners/:id/key": { handler: async ({ params, body }) => {
      const p = parse(z.object({ apiKey: z.string().min(1).max(4096) }), body);
      if ("response" in p) return p.response;
      await rotateExaminerKey(db(), params.id!, p.data.apiKey);
      return ok({ rotated: true });
    },
  },
  "GET trees": { handler: async () => ok(await listTrees(db())) },
  "POST trees": { maxBytes: MAX_TREE_FILE_BYTES + 64 * 1024,
    handler: async ({ body }) => {
      const p = parse(z.object({ file: z.string().min(1).max(255), text: z.string() }), body);
      if ("response" in p) return p.response;
      try {
        const tree = parseTreeText(p.data.file, p.data.text);
        return ok(await importTree(db(), tree, { sourceName: p.data.file }), 201);
      } catch (err) {
        if (err instanceof TreeImportError) return Response.json({ error: err.message, jsonPath: err.jsonPath }, { status: 422 });
        throw err;
      }
    },
  },
  "GET crawls": { handler: async () => ok(await listCrawlJobs(db())) },
  "POST crawls": {
    handler: async ({ body }) => {
      const p = parse(crawlRequestSchema, body);
      if ("response" in p) return p.response;
      const job = await createCrawlJob(db(), p.data);
      await enqueueCrawl(job.id);
      return ok(job, 201);
    },
  },
  "POST crawls/:id/cancel": {
    handler: async ({ params }) => {
      await cancelCrawlJob(db(), params.id!);
      return ok({ cancelRequested: true });
    },
  },
  "POST worlds": {
    handler: async ({ body }) => {
      const p = parse(z.object({ seed: z.string().regex(/^[\w-]{1,64}$/, "letters, digits, - and _"), hubs: z.number().int().min(1).max(50).optional(), entities: z.number().int().min(1).max(200).optional() }), body);
      if ("response" in p) return p.response;
      try {
        const w = await importWorld(db(), p.data);
        return ok({ seed: w.params.seed, pages: w.pages, trees: w.trees.length, reused: w.reused }, 201);
      } catch (err) {
        if (err instanceof WorldConflictError) return bad(err.message, 409);
        throw err;
      }
    },
  },
};

/** The crawl queue's worker runs the job; the row carries its progress and cancel flag. */
async function enqueueCrawl(crawlJobId: string): Promise<void> {
  const redis = createRedis();
  const queue = createQueue("crawl", redis);
  try {
    await enqueue(queue, "crawl", { crawlJobId });
  } finally {
    await queue.close();
    redis.disconnect();
  }
}

async function lifecycle(fn: () => Promise<unknown>): Promise<Response> {
  try {
    return ok(await fn());
  } catch (err) {
    if (err instanceof TournamentStateError) return bad(err.message, 409);
    throw err;
  }
}

async function tournamentAction(action: "start" | "pause" | "resume" | "cancel", tid: string): Promise<Response> {
  if (!(await readTournament(db(), tid))) return bad(`no tournament ${tid}`, 404);
  switch (action) {
    case "start":
      return lifecycle(() => withQueues((q) => launchTournament(db(), q, tid)));
    case "pause":
      return lifecycle(() => pauseTournament(db(), tid));
    case "resume":
      return lifecycle(() => withQueues((q) => resumeAndTick(db(), q, tid)));
    case "cancel":
      return lifecycle(() => cancelTournament(db(), tid));
  }
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

/** Serves /api/console/<segments>: admin check first, then the route table. */
export async function serveConsole(req: Request, segments: string[]): Promise<Response> {
  const authz = await requireRoleApi(req, ["admin"]);
  if ("response" in authz) return authz.response;
  for (const key of CONSOLE_API) {
    const params = match(key, req.method, segments);
    if (!params) continue;
    const route = ROUTES[key];
    let body: unknown = {};
    if (req.method === "POST" && req.body) {
      const b = await readJsonBody(req, route.maxBytes);
      if (!b.ok) return b.response;
      body = b.value;
    }
    return route.handler({ params, body });
  }
  return bad("no such console route", 404);
}
