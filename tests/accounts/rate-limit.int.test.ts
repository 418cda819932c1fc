import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { freshDb } from "../helpers/arena";
import { accountsEnv, createUser, PASSWORD, serverEnv } from "./fixtures";
import { startWeb, type ArenaProcess } from "../helpers/web";

const env = accountsEnv();
Object.assign(process.env, env);

describe("sign-in rate limit (better-auth's limiter, database storage)", () => {
  let db: PrismaClient;
  let web: ArenaProcess;
  beforeAll(async () => {
    db = await freshDb();
    await createUser(db, "owner", "owner@example.test");
    web = await startWeb({ env: serverEnv(env) });
  }, 660_000);
  afterAll(async () => {
    await web?.stop();
    await db?.$disconnect();
  });

  it("answers 429 after 5 attempts a minute from one address, even with the right password", async () => {
    const attempt = (password: string) =>
      fetch(`${web.url}/api/auth/sign-in/email`, { method: "POST", headers: { "content-type": "application/json", origin: web.url }, body: JSON.stringify({ email: "owner@example.test", password }) });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt("wrong-password-1")).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    expect((await attempt(PASSWORD)).status).toBe(429);
    expect(await db.rateLimit.count()).toBeGreaterThan(0);
  });

  it("never limits reading one's own session (every page's header asks for it)", async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 120; i++) statuses.add((await fetch(`${web.url}/api/auth/get-session`)).status);
    expect([...statuses]).toEqual([200]);
  });
});
