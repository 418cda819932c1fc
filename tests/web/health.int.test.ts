import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { webHealthSchema } from "@arena/jobs/health";
import { freshDb } from "../helpers/arena";
import { freePort, signIn, startWeb, type ArenaProcess } from "../helpers/web";
import { createUser, PASSWORD } from "../accounts/fixtures";

/**
 * GET /api/health against a production build whose Redis is away: everyone sees each component's
 * status (503, redis not ok), only an admin sees why (the driver's error names the address).
 */
describe("GET /api/health", () => {
  let db: PrismaClient;
  let web: ArenaProcess;
  let admin = "";
  let owner = "";
  let redisUrl = "";

  beforeAll(async () => {
    db = await freshDb();
    await createUser(db, "admin", "health-admin@example.test");
    await createUser(db, "owner", "health-owner@example.test");
    // A port nobody listens on: the Redis check fails with the driver's error text.
    redisUrl = `redis://127.0.0.1:${await freePort()}`;
    web = await startWeb({
      env: { REDIS_URL: redisUrl, ARENA_SECRET_KEY: randomBytes(32).toString("base64"), ARENA_AUTH_RATE_LIMIT: "off" },
    });
    admin = await signIn(web.url, "health-admin@example.test", PASSWORD);
    owner = await signIn(web.url, "health-owner@example.test", PASSWORD);
  }, 660_000);
  afterAll(async () => {
    await web?.stop();
    await db?.$disconnect();
  });

  const health = async (cookie?: string) => {
    const res = await fetch(`${web.url}/api/health`, { headers: cookie ? { cookie } : {} });
    expect(res.status).toBe(503);
    const text = await res.text();
    return { text, body: webHealthSchema.parse(JSON.parse(text)) };
  };

  it("tells anonymous visitors and owners each component's status, without the error text", async () => {
    for (const cookie of [undefined, owner]) {
      const { text, body } = await health(cookie);
      expect(body.status).toBe("unavailable");
      expect(body.checks.database).toEqual({ ok: true, ms: expect.any(Number) });
      expect(body.checks.redis).toEqual({ ok: false, ms: expect.any(Number) });
      expect(text).not.toContain(new URL(redisUrl).port);
      expect(text).not.toContain("error");
    }
  });

  it("gives admins the detail", async () => {
    const { body } = await health(admin);
    expect(body.checks.redis.ok).toBe(false);
    expect(body.checks.redis.error).toBeTruthy();
  });
});
