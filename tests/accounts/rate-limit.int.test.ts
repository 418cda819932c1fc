import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { freshDb } from "../helpers/arena";
import { accountsEnv, createUser, PASSWORD, serverEnv } from "./fixtures";
import { startWeb, type ArenaProcess } from "../helpers/web";

const env = accountsEnv();
Object.assign(process.env, env);

describe("sign-in and sign-up limits (failed sign-ins per account and per address; better-auth's limiter on sign-up)", () => {
  let db: PrismaClient;
  let web: ArenaProcess;
  beforeAll(async () => {
    db = await freshDb();
    await createUser(db, "owner", "owner@example.test");
    await createUser(db, "owner", "other@example.test");
    web = await startWeb({ env: serverEnv(env) });
  }, 660_000);
  afterAll(async () => {
    await web?.stop();
    await db?.$disconnect();
  });

  const signIn = (email: string, password: string, address?: string) =>
    fetch(`${web.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: web.url },
      body: JSON.stringify({ email, password }),
    }).then(async (r) => ({ status: r.status, body: await r.text(), address }));

  it("after 5 failed sign-ins an account answers 429 even to its right password; another account signs in from the same address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn("owner@example.test", "wrong-password-1")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const locked = await signIn("OWNER@example.test ", PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body).toContain("for this account");
    expect((await signIn("other@example.test", PASSWORD)).status).toBe(200);
    expect(await db.rateLimit.count({ where: { key: { startsWith: "sign-in-failures:account:" } } })).toBe(1);
  });

  it("30 failed sign-ins a minute from one address, over any accounts, refuse further sign-ins from it", async () => {
    // The 5 failures above count against this address too.
    for (let i = 0; i < 25; i++) expect((await signIn(`nobody-${i}@example.test`, "wrong-password-1")).status).toBe(401);
    const refused = await signIn("other@example.test", PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body).toContain("from your network");
  });

  it("keeps 5 sign-ups a minute per address", async () => {
    const signUp = (i: number) =>
      fetch(`${web.url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: web.url },
        body: JSON.stringify({ email: `new-${i}@example.test`, password: PASSWORD, name: `new ${i}` }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signUp(i)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("never limits reading one's own session (every page's header asks for it)", async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 120; i++) statuses.add((await fetch(`${web.url}/api/auth/get-session`)).status);
    expect([...statuses]).toEqual([200]);
  });
});
