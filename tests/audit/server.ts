/**
 * The production web app for the audit browser tests: the build tests/web/server.ts makes (in
 * ARENA_WEB_DIST_DIR), served by apps/web/server/main.mjs on a port of 3400–3449 with the public
 * URL better-auth needs for its origin checks.
 */
import { spawn } from "node:child_process";
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

export interface AuditWeb {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

export async function startAuditWeb(env: Record<string, string>): Promise<AuditWeb> {
  await ensureBuild();
  let port = 0;
  for (let i = 0; i < 50 && !port; i++) if (await portFree(3400 + ((process.pid + i) % 50))) port = 3400 + ((process.pid + i) % 50);
  if (!port) throw new Error("no free port in 3400–3449");
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [`${REPO_ROOT}apps/web/server/main.mjs`, "--port", String(port), "--hostname", "127.0.0.1"], {
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
