import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import SwaggerParser from "@apidevtools/swagger-parser";
import type { OpenAPI } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { PrismaClient } from "@arena/db";
import { createRedis, eventsChannel, publishEvent, type ArenaEvent } from "@arena/jobs";
import type { MatchPage } from "@arena/match/read";
import { battleLineSchema, type LeaderboardView } from "@arena/tournament/read";
import { API_ROUTES, UNDOCUMENTED_ROUTES, leaderboardSchema, type ApiRoute } from "../../apps/web/src/lib/api/routes";
import { apiErrorSchema } from "../../apps/web/src/lib/api/http";
import { consolePath } from "../../apps/web/src/lib/api/openapi";
import { CONSOLE_API } from "../../apps/web/src/features/console/routes";
import { LEADERBOARD_CSV_COLUMNS } from "../../apps/web/src/lib/api/csv";
import { freshDb, REPO_ROOT, waitFor } from "../helpers/arena";
import { flushRedis } from "../tournament-fixtures";
import { runTournament, type TournamentRun } from "./seed";
import { sharedWeb, type SharedWeb } from "../helpers/web";
import { openEventStream } from "./sse";

const run = promisify(execFile);
const SECRET = "sk-web-test-SECRET-7f3a";

/**
 * The JSON API against a production build and a tournament played by real workers: every route
 * of the route table answers its documented schema, unknown ids are 404 and bad parameters 400 in
 * the one error shape, the OpenAPI document is valid and complete, the battles reproduce the
 * leaderboard through `arena ratings`, secrets never leave the database, and live events reach
 * only the streams whose filter they pass.
 */
describe("JSON API", () => {
  let db: PrismaClient;
  let web: SharedWeb;
  let seeded: TournamentRun;
  let secretAgentId: string;

  const get = (path: string) => fetch(`${web.url}${path}`);
  const getJson = async <S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> => {
    const res = await get(path);
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    return schema.parse(await res.json());
  };
  const expectError = async (path: string, status: 400 | 404) => {
    const res = await get(path);
    expect(res.status, path).toBe(status);
    const body = apiErrorSchema.parse(await res.json());
    expect(body.error.code).toBe(status === 404 ? "not_found" : "bad_request");
    expect(body.error.message.length).toBeGreaterThan(0);
  };

  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    seeded = await runTournament(db, { agents: 6, trees: 2, rounds: 3, latencyMs: 5 });
    await seeded.finished();
    await seeded.close();
    // Secrets where an API could leak them: an agent's key and endpoint credentials, an llm examiner's key.
    secretAgentId = (
      await db.agent.create({
        data: {
          name: "secret-holder",
          protocol: "openai",
          endpoint: `https://user:${SECRET}@agent.example/v1/${SECRET}?token=${SECRET}`,
          model: "m",
          secretEnc: SECRET,
          secretEnv: "AGENT_KEY",
        },
      })
    ).id;
    await db.examinerConfig.create({
      data: { name: "llm-with-key", mode: "llm", baseUrl: "https://llm.example/v1", model: "m", apiKeyEnc: SECRET },
    });
    web = await sharedWeb();
  });
  afterAll(async () => {
    await flushRedis();
    await db?.$disconnect();
  });

  /** One concrete URL per route of the table, with ids of the seeded data. */
  async function concretePaths(): Promise<Record<keyof typeof API_ROUTES, string>> {
    const match = await db.match.findFirstOrThrow({ where: { tournamentId: seeded.tournamentId, rounds: { gt: 1 } } });
    const node = await db.node.findFirstOrThrow({ where: { treeId: match.treeId, parentId: { not: null } } });
    return {
      scopes: "/api/scopes",
      leaderboard: `/api/leaderboard?examiner=${seeded.examinerConfigId}&window=30d`,
      ratingHistory: `/api/ratings/history?tournament=${seeded.tournamentId}`,
      analysis: `/api/analysis?tournament=${seeded.tournamentId}`,
      leaderboardCsv: `/api/leaderboard.csv?tournament=${seeded.tournamentId}`,
      battles: `/api/battles.jsonl?examiner=${seeded.examinerConfigId}`,
      agents: "/api/agents",
      agent: `/api/agents/${seeded.agentIds[0]}`,
      matches: `/api/matches?tournament=${seeded.tournamentId}&limit=5`,
      match: `/api/matches/${match.id}`,
      matchScores: `/api/matches/${match.id}/scores`,
      scores: `/api/scores?tournament=${seeded.tournamentId}`,
      agentScores: `/api/agents/${seeded.agentIds[0]}/scores`,
      tournaments: "/api/tournaments",
      tournament: `/api/tournaments/${seeded.tournamentId}`,
      trees: "/api/trees",
      tree: `/api/trees/${match.treeId}`,
      node: `/api/trees/${match.treeId}/nodes/${node.id}`,
      events: `/api/events?tournament=${seeded.tournamentId}`,
      health: "/api/health",
      openapi: "/api/openapi.json",
      // Signed-in routes (tests/accounts exercise them); listed so every key has a path.
      submitAgent: "/api/agents",
      myAgents: "/api/me/agents",
      probeAgent: "/api/me/agents/probe",
      agentKey: "/api/me/agents/x0/key",
      editAgent: "/api/me/agents/x0",
      withdrawAgent: "/api/me/agents/x0/withdraw",
      removeAgent: "/api/me/agents/x0",
      tokens: "/api/tokens",
      createToken: "/api/tokens",
      revokeToken: "/api/tokens/x0",
      // Audit routes are for auditors and admins (tests/audit exercises them).
      auditQueues: "/api/audit/queues",
      createAuditQueue: "/api/audit/queues",
      closeAuditQueue: "/api/audit/queues/x0/close",
      nextAuditItem: "/api/audit/queues/x0/next",
      auditItem: "/api/audit/items/x0",
      auditAnswers: "/api/audit/items/x0/answers",
      auditReview: "/api/audit/items/x0/review",
      auditVariants: "/api/audit/items/x0/variants",
      auditReport: "/api/audit/report",
      auditAnnotationsJsonl: "/api/audit/annotations.jsonl",
      auditAnnotationsCsv: "/api/audit/annotations.csv",
      voidRound: "/api/audit/rounds/x0/void",
      // People's votes and spans (tests/votes-api.int.test.ts exercises the signed-in ones).
      nextVote: "/api/votes/next",
      castVote: "/api/votes",
      voteReveal: "/api/votes/x0/reveal",
      votesJsonl: "/api/votes.jsonl",
      createSpan: "/api/spans",
      deleteSpan: "/api/spans/x0",
      spansJsonl: "/api/spans.jsonl",
      voters: "/api/votes/voters",
      excludeVoter: "/api/votes/voters/x0/exclusion",
      includeVoter: "/api/votes/voters/x0/exclusion",
    };
  }

  it("every route.ts under app/api is in the route table (or its short list of exceptions), and every table entry is served", async () => {
    const files = readdirSync(`${REPO_ROOT}apps/web/src/app/api`, { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith("route.ts"),
    );
    const served = files.map((f) => `/api/${f.replace(/\/?route\.ts$/, "")}`.replace(/\/$/, "").replace(/\[([.\w]+)\]/g, "{$1}"));
    const documented = new Set<string>([...(Object.values(API_ROUTES) as ApiRoute[]).map((r) => r.path), ...UNDOCUMENTED_ROUTES]);
    expect(
      served.filter((p) => !documented.has(p)),
      "route handlers missing from API_ROUTES (apps/web/src/lib/api/routes.ts)",
    ).toEqual([]);
    expect(
      [...documented].filter((p) => !served.includes(p)),
      "API_ROUTES entries without a route handler",
    ).toEqual([]);
  });

  it("each JSON route answers 200 with a body its documented schema accepts", async () => {
    const paths = await concretePaths();
    for (const [key, route] of Object.entries(API_ROUTES) as [keyof typeof API_ROUTES, ApiRoute][]) {
      if (route.response.mediaType !== "application/json" || route.auth || (route.method ?? "get") !== "get") continue;
      await getJson(paths[key], route.response.schema);
    }
    const match = await getJson(paths.match, API_ROUTES.match.response.schema);
    expect(match.roundsList).toHaveLength(match.rounds + match.voidedRounds);
    expect(match.roundsList[0]!.question).toBeTruthy();
    expect(match.roundsList[0]!.a.text).toBeTruthy();
    const analysis = await getJson(paths.analysis, API_ROUTES.analysis.response.schema);
    expect(analysis.analysis!.rounds).toBeGreaterThan(0);
    expect(analysis.snapshot!.matchesCounted).toBe(
      await db.match.count({ where: { tournamentId: seeded.tournamentId, status: "completed", rounds: { gt: 0 } } }),
    );
    const tournament = await getJson(paths.tournament, API_ROUTES.tournament.response.schema);
    expect(tournament).toMatchObject({ id: seeded.tournamentId, status: "completed", swissRounds: 3 });
    expect(tournament.rounds).toHaveLength(3);
    const tree = await getJson(paths.tree, API_ROUTES.tree.response.schema);
    const node = await getJson(paths.node, API_ROUTES.node.response.schema);
    expect(tree.outline.map((n) => n.id)).toContain(node.id);
    expect(node.path.at(-1)!.id).toBe(node.id);
  });

  it("matches page by cursor without gaps or repeats, and filter by agent", async () => {
    const total = await db.match.count({ where: { tournamentId: seeded.tournamentId } });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: MatchPage = await getJson(
        `/api/matches?tournament=${seeded.tournamentId}&limit=4${cursor ? `&cursor=${cursor}` : ""}`,
        API_ROUTES.matches.response.schema,
      );
      expect(page.items.length).toBeLessThanOrEqual(4);
      seen.push(...page.items.map((m) => m.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const agent = seeded.agentIds[1]!;
    const mine = await getJson(`/api/matches?agent=${agent}&limit=200`, API_ROUTES.matches.response.schema);
    expect(mine.items.length).toBe(await db.match.count({ where: { OR: [{ agentAId: agent }, { agentBId: agent }] } }));
    expect(mine.items.every((m) => m.agentA.id === agent || m.agentB.id === agent)).toBe(true);
  });

  it("unknown ids and scopes are 404, malformed parameters 400, both in the error shape", async () => {
    const { treeId } = await db.match.findFirstOrThrow({ where: { tournamentId: seeded.tournamentId } });
    const otherTree = seeded.treeIds.find((t) => t !== treeId)!;
    const foreignNode = await db.node.findFirstOrThrow({ where: { treeId: otherTree } });
    for (const path of [
      "/api/agents/nope",
      "/api/matches/nope",
      "/api/tournaments/nope",
      "/api/trees/nope",
      `/api/trees/${treeId}/nodes/nope`,
      `/api/trees/${treeId}/nodes/${foreignNode.id}`, // a node of another tree
      "/api/leaderboard?examiner=nope",
      `/api/leaderboard?tournament=nope`,
      "/api/leaderboard.csv?examiner=nope",
      "/api/analysis?examiner=nope",
      "/api/battles.jsonl?tournament=nope",
      `/api/agents/${seeded.agentIds[0]}?examiner=nope`,
    ]) {
      await expectError(path, 404);
    }
    for (const path of [
      "/api/matches?limit=0",
      "/api/matches?limit=abc",
      "/api/matches?limit=201",
      "/api/matches?cursor=",
      "/api/leaderboard?examiner=",
      "/api/leaderboard.csv?tournament=",
      "/api/analysis?tournament=",
      "/api/battles.jsonl?examiner=",
      `/api/agents/${seeded.agentIds[0]}?examiner=`,
      `/api/matches/${"x".repeat(201)}`,
      "/api/events?match=",
    ]) {
      await expectError(path, 400);
    }
  });

  it("the OpenAPI document is valid OpenAPI 3.1 and lists every route with its parameters and error responses", async () => {
    const doc = await getJson(
      "/api/openapi.json",
      z.object({ openapi: z.string(), paths: z.record(z.string(), z.record(z.string(), z.unknown())) }).loose(),
    );
    expect(doc.openapi).toBe("3.1.0");
    await SwaggerParser.validate(structuredClone(doc) as OpenAPI.Document);
    const routes = Object.values(API_ROUTES) as ApiRoute[];
    const consolePaths = CONSOLE_API.map((k) => consolePath(k).path);
    expect(Object.keys(doc.paths).sort()).toEqual([...new Set([...routes.map((r) => r.path), ...consolePaths])].sort());
    for (const route of routes) {
      const method = route.method ?? "get";
      const op = z
        .object({ parameters: z.array(z.object({ name: z.string(), in: z.string() })), responses: z.record(z.string(), z.unknown()) })
        .parse(doc.paths[route.path]![method]);
      const names = op.parameters.map((p) => `${p.in}:${p.name}`).sort();
      const expected = [
        ...(route.pathParams ?? []).map((p) => `path:${p.name}`),
        ...Object.keys(route.query?.shape ?? {}).map((n) => `query:${n}`),
      ].sort();
      expect(names, `${method} ${route.path}`).toEqual(expected);
      const statuses = [
        String(route.status ?? 200),
        ...(route.query || route.pathParams || route.body ? ["400"] : []),
        ...(route.auth ? ["401"] : []),
        ...(route.notFound ? ["404"] : []),
      ];
      expect(Object.keys(op.responses).sort(), `${method} ${route.path}`).toEqual(statuses.sort());
    }
  });

  it("the CSV has one row per leaderboard row with the same numbers", async () => {
    const board = await getJson(`/api/leaderboard?tournament=${seeded.tournamentId}`, leaderboardSchema);
    const res = await get(`/api/leaderboard.csv?tournament=${seeded.tournamentId}`);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const [header, ...rows] = (await res.text()).trimEnd().split("\r\n");
    expect(header).toBe(LEADERBOARD_CSV_COLUMNS.join(","));
    expect(rows).toHaveLength(board.rows.length);
    board.rows.forEach((r, i) => {
      const cells = rows[i]!.split(",");
      // rating_flag stands beside the rating (the flag of core's describeRating).
      expect(cells.slice(0, 12)).toEqual(
        [r.rank, r.name, r.rating, r.ratingFlag, r.lower, r.upper, r.elo, r.matches, r.wins, r.losses, r.ties, r.winRate].map(String),
      );
      expect(cells[17]).toBe(String(r.preliminary));
    });
  });

  it("arena ratings on /api/battles.jsonl reproduces the leaderboard's ratings", async () => {
    const fetchBoard = () => getJson(`/api/leaderboard?examiner=${seeded.examinerConfigId}`, leaderboardSchema);
    const rated = await db.match.count({
      where: { examinerConfigId: seeded.examinerConfigId, status: "completed", winner: { not: null }, rounds: { gt: 0 } },
    });
    // The examiner-wide snapshot is refitted by the tournament's last tick; wait until it counts every rated match.
    const board: Omit<LeaderboardView, "analysis"> = await waitFor(async () => {
      const b = await fetchBoard();
      return b.snapshot?.matchesCounted === rated && b;
    }, "the examiner-wide snapshot");
    const res = await get(`/api/battles.jsonl?examiner=${seeded.examinerConfigId}`);
    expect(res.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    const text = await res.text();
    const lines = text
      .trimEnd()
      .split("\n")
      .map((l) => battleLineSchema.parse(JSON.parse(l)));
    expect(lines).toHaveLength(rated);
    // Each line names its match, finishing time, tree and examiner configuration beside the FastChat fields.
    const first = await db.match.findUniqueOrThrow({ where: { id: lines[0]!.match_id }, include: { tree: true, examinerConfig: true } });
    expect(lines[0]).toMatchObject({
      finished_at: first.finishedAt!.toISOString(),
      tree_id: first.treeId,
      tree: first.tree.title,
      examiner_config_id: seeded.examinerConfigId,
      examiner_config: first.examinerConfig.name,
    });

    const file = join(mkdtempSync(join(tmpdir(), "arena-web-")), "battles.jsonl");
    writeFileSync(file, text);
    const { stdout } = await run(
      process.execPath,
      ["apps/cli/bin/arena.mjs", "ratings", "--input", file, "--json", "--seed", "7", "--bootstrap", "200"],
      { cwd: REPO_ROOT },
    );
    const cli = z
      .object({
        ratings: z.array(
          z.object({
            model: z.string(),
            rating: z.number(),
            lower: z.number(),
            upper: z.number(),
            games: z.number(),
            wins: z.number(),
            losses: z.number(),
            ties: z.number(),
          }),
        ),
      })
      .parse(JSON.parse(stdout));
    const byName = new Map(cli.ratings.map((r) => [r.model, r]));
    expect([...byName.keys()].sort()).toEqual(board.rows.map((r) => r.name).sort());
    for (const row of board.rows) {
      const c = byName.get(row.name)!;
      expect({ games: c.games, wins: c.wins, losses: c.losses, ties: c.ties }).toEqual({
        games: row.matches,
        wins: row.wins,
        losses: row.losses,
        ties: row.ties,
      });
      expect(Math.abs(c.rating - row.rating), row.name).toBeLessThan(1e-6);
      // Same fit, resampled with the models in another order: bounds agree up to bootstrap noise.
      const width = row.upper - row.lower;
      expect(Math.abs(c.lower - row.lower), `${row.name} lower`).toBeLessThanOrEqual(0.25 * width + 1);
      expect(Math.abs(c.upper - row.upper), `${row.name} upper`).toBeLessThanOrEqual(0.25 * width + 1);
    }
  });

  it("no response carries a secret", async () => {
    const paths = { ...(await concretePaths()), secretAgent: `/api/agents/${secretAgentId}` };
    delete (paths as Partial<typeof paths>).events;
    for (const [key, path] of Object.entries(paths)) {
      // Signed-in routes answer 401 here; tests/accounts scans what they send to their users.
      if ((API_ROUTES as Record<string, ApiRoute>)[key]?.auth) continue;
      const res = await get(path!);
      expect(res.status, path).toBe(200);
      const body = await res.text();
      expect(body, path).not.toContain(SECRET);
      expect(body, path).not.toMatch(/secretEnc|apiKeyEnc/);
    }
    // No public response carries an endpoint, not even its origin.
    for (const path of ["/api/agents", `/api/agents/${secretAgentId}`])
      expect(await (await get(path)).text(), path).not.toContain("agent.example");
  });

  it("events stream to every client whose filter they pass, through one Redis subscriber", async () => {
    const [m1, m2] = await db.match.findMany({ where: { tournamentId: seeded.tournamentId }, take: 2, orderBy: { id: "asc" } });
    const t = seeded.tournamentId;
    const byMatch = await openEventStream(`${web.url}/api/events?match=${m1!.id}`);
    const byTournament = await openEventStream(`${web.url}/api/events?tournament=${t}`);
    const everything = await openEventStream(`${web.url}/api/events`);
    try {
      expect(byMatch.response.status).toBe(200);
      expect(
        Object.fromEntries(["content-type", "cache-control", "x-accel-buffering"].map((h) => [h, byMatch.response.headers.get(h)])),
      ).toEqual({
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        "x-accel-buffering": "no",
      });
      await Promise.all([byMatch.opened, byTournament.opened, everything.opened]);
      const redis = createRedis();
      const events: ArenaEvent[] = [
        { type: "round", matchId: m1!.id, tournamentId: t, round: 1, scoreA: 1, scoreB: 0 },
        { type: "round", matchId: m2!.id, tournamentId: t, round: 1, scoreA: 0, scoreB: 1 },
        { type: "round", matchId: "elsewhere", tournamentId: "other", round: 2, scoreA: 0, scoreB: 0 },
        { type: "snapshot", examinerConfigId: seeded.examinerConfigId, tournamentId: t, matchesCounted: 9 },
        { type: "tournament", tournamentId: "other", kind: "paired", round: 1 },
        // Last: passes every filter, so its arrival means everything before it was delivered.
        { type: "match", matchId: m1!.id, tournamentId: t, status: "completed", winner: "A" },
      ];
      try {
        // Three streams, one subscriber (the server process's).
        const [, subscribers] = (await redis.pubsub("NUMSUB", eventsChannel())) as [string, string | number];
        expect(Number(subscribers)).toBe(1);
        for (const e of events) await publishEvent(redis, e);
      } finally {
        redis.disconnect();
      }
      const isLast = (m: unknown) => (m as ArenaEvent).type === "match";
      expect(await byMatch.waitFor(isLast)).toEqual([events[0], events[5]]);
      expect(await byTournament.waitFor(isLast)).toEqual([events[0], events[1], events[3], events[5]]);
      expect(await everything.waitFor(isLast)).toEqual(events);
    } finally {
      for (const s of [byMatch, byTournament, everything]) s.close();
    }
  });
});
