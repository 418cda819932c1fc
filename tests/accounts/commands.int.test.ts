import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "better-auth/crypto";
import type { PrismaClient } from "@arena/db";
import { createExaminerConfig, testExaminerConnection } from "@arena/match";
import { freshDb, REPO_ROOT } from "../helpers/arena";
import { reply, startOpenAITestServer, type OpenAITestServer } from "../servers/openai-test-server";

const ARENA = `${REPO_ROOT}apps/cli/bin/arena.mjs`;

/** The real CLI in a child process, with `stdin` written to it. */
function arena(
  args: string[],
  opts: { stdin?: string; env?: Record<string, string> } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [ARENA, ...args], { env: { ...process.env, ...opts.env }, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
    child.stdin.end(opts.stdin ?? "");
  });
}

describe("arena user", () => {
  let db: PrismaClient;
  beforeAll(async () => {
    db = await freshDb();
  });
  afterAll(() => db?.$disconnect());

  it("creates accounts with passwords from stdin or an environment variable, lists them, changes roles", async () => {
    const fromStdin = await arena(["user", "create", "--email", "Ada@Example.test", "--role", "admin", "--json"], {
      stdin: "stdin-password-1\n",
    });
    expect(fromStdin.stderr).not.toMatch(/arena:/);
    expect(JSON.parse(fromStdin.stdout)).toMatchObject({ email: "ada@example.test", role: "admin" });
    const fromEnv = await arena(["user", "create", "--email", "bo@example.test", "--role", "owner", "--password-env", "BO_PW"], {
      env: { BO_PW: "env-password-22" },
    });
    expect(fromEnv.code).toBe(0);
    const account = await db.account.findFirstOrThrow({ where: { user: { email: "bo@example.test" } } });
    expect(account.providerId).toBe("credential");
    expect(await verifyPassword({ hash: account.password!, password: "env-password-22" })).toBe(true);

    expect((await arena(["user", "set-role", "bo@example.test", "auditor"])).code).toBe(0);
    const list = JSON.parse((await arena(["user", "list", "--json"])).stdout) as Array<{ email: string; role: string }>;
    expect(list.map((u) => [u.email, u.role])).toEqual([
      ["ada@example.test", "admin"],
      ["bo@example.test", "auditor"],
    ]);
  });

  it("refuses a short password, an unknown role, a duplicate email and a password on the command line", async () => {
    expect((await arena(["user", "create", "--email", "c@example.test", "--role", "owner"], { stdin: "short" })).stderr).toMatch(
      /8 to 128 characters/,
    );
    expect((await arena(["user", "create", "--email", "c@example.test", "--role", "root"], { stdin: "long-enough-1" })).stderr).toMatch(
      /--role must be admin, auditor or owner/,
    );
    expect((await arena(["user", "create", "--email", "c@example.test", "--role", "owner", "--password", "in-argv-123"])).code).not.toBe(0);
    await arena(["user", "create", "--email", "d@example.test", "--role", "owner"], { stdin: "long-enough-1" });
    expect((await arena(["user", "create", "--email", "D@example.test", "--role", "owner"], { stdin: "long-enough-1" })).stderr).toMatch(
      /exists already/,
    );
    expect(await db.user.count({ where: { email: "c@example.test" } })).toBe(0);
  });
});

describe("examiner configurations from explicit settings", () => {
  let db: PrismaClient;
  let llm: OpenAITestServer;
  beforeAll(async () => {
    db = await freshDb();
    llm = await startOpenAITestServer();
  });
  afterAll(async () => {
    await llm?.close();
    await db?.$disconnect();
  });

  it("test connection makes one real call with the key, and reports a failing endpoint without throwing", async () => {
    const host = new URL(llm.baseUrl).host;
    const config = await createExaminerConfig(
      db,
      { mode: "llm", baseUrl: llm.baseUrl, model: "judge-1", apiKey: "sk-judge" },
      Buffer.alloc(32, 7),
    );
    expect(config.apiKeyEnc).not.toContain("sk-judge");
    llm.enqueue(reply.content("OK"));
    const ok = await testExaminerConnection(config, "sk-judge", [host]);
    expect(ok).toMatchObject({ ok: true, detail: "answered: OK" });
    expect(llm.requests.at(-1)!.headers.authorization).toBe("Bearer sk-judge");
    expect(llm.chatRequests().at(-1)).toMatchObject({ model: "judge-1" });
    llm.enqueue(reply.status(401));
    expect(await testExaminerConnection(config, "wrong", [host])).toMatchObject({ ok: false });
    expect((await testExaminerConnection(config, null, [])).detail).toMatch(/refused/);
  });
});
