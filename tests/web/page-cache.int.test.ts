process.env.ARENA_QUEUE_PREFIX = `web-cache-${process.pid}`;
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { createRedis, publishEvent } from "@arena/jobs";
import { freshDb, waitFor } from "../helpers/arena";
import { startWeb, type ArenaProcess } from "../helpers/web";

/**
 * The production server's page cache against a real build, PostgreSQL and Redis: anonymous
 * visitors get one render per URL until an arena event published on Redis drops it; a visitor
 * with a session cookie always gets a fresh render.
 */
describe("page cache of the production server", () => {
  let db: PrismaClient;
  let web: ArenaProcess;
  let agentId: string;

  beforeAll(async () => {
    db = await freshDb();
    agentId = (
      await db.agent.create({
        data: { name: "cache-before", protocol: "simulated", config: { p_depth: 0.5, p_width: 0.5 }, status: "healthy" },
      })
    ).id;
    // Entries outlive the test unless an event drops them, so what the test sees is the events' doing.
    web = await startWeb({ env: { ARENA_PAGE_CACHE_TTL_MS: "600000" } });
  }, 600_000);

  afterAll(async () => {
    await web?.stop();
    await db?.$disconnect();
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${web.url}${path}`, { headers });
    return { status: res.status, cache: res.headers.get("x-arena-cache"), body: await res.text() };
  };

  it("replays a public page and the JSON API until an event, and never caches a session's view", async () => {
    for (const path of ["/agents", "/api/agents", `/agents/${agentId}`]) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      expect(first.body).toContain("cache-before");
      expect((await get(path)).cache, path).toBe("hit");
    }
    await db.agent.update({ where: { id: agentId }, data: { name: "cache-after" } });
    // No event yet: anonymous visitors still get the stored render, a session renders afresh.
    expect((await get("/api/agents")).body).toContain("cache-before");
    const signedIn = await get("/api/agents", { cookie: "better-auth.session_token=not-a-session" });
    expect(signedIn.cache).toBeNull();
    expect(signedIn.body).toContain("cache-after");
    const redis = createRedis();
    try {
      await publishEvent(redis, { type: "snapshot", examinerConfigId: "any", tournamentId: null, matchesCounted: 1 });
    } finally {
      redis.disconnect();
    }
    for (const path of ["/agents", "/api/agents", `/agents/${agentId}`]) {
      const after = await waitFor(
        async () => {
          const res = await get(path);
          return res.body.includes("cache-after") && res;
        },
        `${path} rendered after the event`,
        20_000,
      );
      expect(after.body).not.toContain("cache-before");
    }
  });

  it("leaves unknown ids, private pages and the event stream to Next", async () => {
    expect((await get("/agents/no-such-agent")).status).toBe(404);
    expect((await get("/agents/no-such-agent")).cache).toBeNull();
    const gated = await fetch(`${web.url}/console`, { redirect: "manual" });
    expect(gated.headers.get("x-arena-cache")).toBeNull();
    expect([303, 307, 302, 403]).toContain(gated.status);
  });
});
