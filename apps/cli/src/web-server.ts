import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { arenaEnv, childEnv } from "@arena/env";

/** The web app's folder and Next's CLI (resolved from there, so the app's own Next runs it). */
const WEB_DIR = fileURLToPath(new URL("../../web", import.meta.url));
const NEXT_BIN = createRequire(`${WEB_DIR}/package.json`).resolve("next/dist/bin/next");

export interface WebOptions {
  port: number;
  host: string;
}

export interface WebServer {
  url: string;
  /** Resolves when the server process exits (its exit code). */
  exited: Promise<number>;
  stop(): Promise<void>;
}

function build(): ChildProcess {
  return spawn(process.execPath, [NEXT_BIN, "build"], {
    cwd: WEB_DIR,
    env: childEnv({ NEXT_TELEMETRY_DISABLED: "1" }),
    stdio: ["ignore", "inherit", "inherit"],
  });
}

/** `next build` of the web app when it has no production build yet (npm run build builds it too). */
export async function ensureWebBuild(log: (line: string) => void): Promise<void> {
  if (existsSync(`${WEB_DIR}/${arenaEnv().ARENA_WEB_DIST_DIR}/BUILD_ID`)) return;
  log("building the web app (first run; `npm run build` does this ahead of time)");
  const code = await new Promise<number>((resolve) => build().on("exit", (c) => resolve(c ?? 1)));
  if (code !== 0) throw new Error(`building the web app failed (next build exited with ${code})`);
}

/**
 * Serves the production build (server/main.mjs: Next behind the page cache) as a child process against this process's
 * DATABASE_URL / REDIS_URL / ARENA_QUEUE_PREFIX, and resolves once it accepts requests.
 */
export async function startWebServer(opts: WebOptions): Promise<WebServer> {
  const child = spawn(process.execPath, [`${WEB_DIR}/server/main.mjs`, "--port", String(opts.port), "--hostname", opts.host], {
    cwd: WEB_DIR,
    env: childEnv({ NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" }),
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<number>((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
  const url = `http://${opts.host.includes(":") ? `[${opts.host}]` : opts.host}:${opts.port}`;
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (/Ready in/.test(out)) resolve();
    });
    void exited.then((code) => reject(new Error(`the web server exited with ${code} before it was ready:\n${out.trim()}`)));
  });
  child.stdout!.resume();
  return {
    url,
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
