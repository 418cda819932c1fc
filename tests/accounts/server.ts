/**
 * The production web app for the account tests: the build tests/web/server.ts makes, served by
 * `next start` on a port of 3300–3399 with the public URL better-auth needs for its origin checks.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { REPO_ROOT } from "../helpers/arena";
import { ensureBuild } from "../web/server";


function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

async function freePort(): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const port = 3300 + ((process.pid + i) % 100);
    if (await portFree(port)) return port;
  }
  throw new Error("no free port in 3300–3399");
}

export interface AccountsWeb {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

const DIST = `${REPO_ROOT}apps/web/${process.env.ARENA_WEB_DIST_DIR ?? ".next"}`;
const BUILD_ID = `${DIST}/BUILD_ID`;

/**
 * The checkout is shared: when another session's `next build` is running (its BUILD_ID not yet
 * written), wait for it instead of failing on Next's build lock, then build only if still missing.
 */
async function awaitBuild(): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  while (!existsSync(BUILD_ID) && existsSync(DIST) && Date.now() < deadline) {
    if (!(await ensureBuild().then(() => true, (err: Error) => (/already running/.test(err.message) ? false : Promise.reject(err))))) {
      await new Promise((r) => setTimeout(r, 5000));
    }
  }
  await ensureBuild();
}

/** `env` is added to the test's own environment (DATABASE_URL, REDIS_URL, ARENA_SECRET_KEY...). */
export async function startAccountsWeb(env: Record<string, string> = {}): Promise<AccountsWeb> {
  await awaitBuild();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [`${REPO_ROOT}apps/web/server/main.mjs`, "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: `${REPO_ROOT}apps/web`,
    env: { ...process.env, ...env, NODE_ENV: "production", PORT: String(port), BETTER_AUTH_URL: url },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once("exit", () => r()));
    child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the web server exited (${child.exitCode}):\n${log}`);
    if (await fetch(`${url}/api/auth/ok`).then((r) => r.ok, () => false)) return { url, output: () => log, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the web server did not answer on ${url} within 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Signs in over HTTP and returns the session cookie header for fetch. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}
