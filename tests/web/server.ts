/**
 * The production web app for tests: builds it when no build exists, serves it with `next start`
 * on a free port in 3200–3299 against the test's DATABASE_URL / REDIS_URL / ARENA_QUEUE_PREFIX,
 * waits until it answers, and stops it afterwards.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { promisify } from "node:util";
import { REPO_ROOT } from "../helpers/arena";

const run = promisify(execFile);
const WEB = `${REPO_ROOT}apps/web`;
const NEXT_BIN = `${REPO_ROOT}node_modules/next/dist/bin/next`;

export interface WebServer {
  url: string;
  /** The `next start` process (the benchmark reads its CPU time). */
  pid: number;
  /** Everything the server printed (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/** Builds the web app if its BUILD_ID (under `ARENA_WEB_DIST_DIR`, default `.next`) is missing (a stale build is the caller's to refresh). */
export async function ensureBuild(): Promise<void> {
  if (existsSync(`${WEB}/${process.env.ARENA_WEB_DIST_DIR ?? ".next"}/BUILD_ID`)) return;
  await run(process.execPath, [NEXT_BIN, "build", "apps/web"], { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 });
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** A free port of the 3200–3299 block, starting at a pid-dependent offset so parallel runs rarely collide. */
export async function freePort(): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const port = 3200 + ((process.pid + i) % 100);
    if (await portFree(port)) return port;
  }
  throw new Error("no free port in 3200–3299");
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", () => r()));
}

export async function startWeb(): Promise<WebServer> {
  await ensureBuild();
  const port = await freePort();
  const env = { ...process.env, NODE_ENV: "production" as const, PORT: String(port) };
  const child = spawn(process.execPath, [`${REPO_ROOT}apps/web/server/main.mjs`, "--port", String(port), "--hostname", "127.0.0.1"], { cwd: WEB, env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout!.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const server: WebServer = {
    url,
    pid: child.pid!,
    output: () => log,
    stop: async () => {
      child.kill("SIGTERM");
      await exited(child);
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the web server exited (${child.exitCode}):\n${log}`);
    const ok = await fetch(`${url}/api/openapi.json`).then((r) => r.ok, () => false);
    if (ok) return server;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the web server did not answer on ${url} within 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
