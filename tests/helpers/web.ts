/**
 * The one way tests start the web app: the README's commands, `arena web --port P` and
 * `arena demo --port P`, as child processes, driven at the URL the command prints. Their
 * environment is a user's: PATH and HOME, the test's DATABASE_URL / REDIS_URL /
 * ARENA_QUEUE_PREFIX (and ARENA_WEB_DIST_DIR when a run keeps its build elsewhere), plus what a
 * test passes explicitly. No test-only auth variable (no auth base URL): a server started
 * unlike a user's hides exactly the bugs users meet.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { createRedis } from "@arena/jobs";
import { publishEvent } from "@arena/jobs/events";
import { REPO_ROOT } from "./arena";
import { forget, kept } from "./kept";
import { ARENA_COMMAND } from "./processes";

export interface ArenaProcess {
  /** The URL the command printed. */
  url: string;
  /** The `arena` process (the web server is its child). */
  child: ChildProcess;
  /** What the command printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code once the command exits. */
  exited: Promise<number | null>;
  /** The web server process under the command (the benchmark reads its CPU time). */
  serverPid(): number;
  /** SIGTERM, as Ctrl-C would: the command stops its web server (and workers) and exits. */
  stop(): Promise<number | null>;
  /** SIGKILL to the command's process group (the web server under it too): a crash, nothing cleaned up. */
  kill(): Promise<void>;
}

/** The environment a user's shell gives the command, with the test's services; `extra` is added as is. */
export function userEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const k of ["PATH", "HOME", "TMPDIR", "DATABASE_URL", "REDIS_URL", "ARENA_QUEUE_PREFIX", "ARENA_WEB_DIST_DIR"]) {
    const v = process.env[k];
    if (v) env[k] = v;
  }
  return { ...env, ...extra };
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** Ports this process handed out: two servers started at once must not both get the first free one. */
const handedOut = new Set<number>();

/**
 * A free port of 3200–3499. Test workers of one run probe disjoint ports (worker N only those
 * where port % 4 = N % 4), so two files started at the same moment cannot both pick a port one
 * of them is about to bind; the pid-dependent start keeps separate runs apart too.
 */
export async function freePort(): Promise<number> {
  const lane = Number(process.env.VITEST_POOL_ID || 0) % 4;
  for (let i = 0; i < 75; i++) {
    const port = 3200 + ((((process.pid % 75) + i) % 75) * 4 + lane);
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await portFree(port)) return port;
  }
  throw new Error("no free port in 3200–3499");
}

/**
 * Runs `arena <args>` until `ready` matches what it printed (its first group is the URL), or fails
 * with everything it printed. The command runs in its own process group, so stopping it reaches
 * the web server under it even if the command itself died first.
 */
export async function runArena(
  args: string[],
  ready: RegExp,
  opts: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<ArenaProcess & { match: RegExpMatchArray }> {
  const child = spawn(process.execPath, [ARENA_COMMAND[1], ...args], {
    cwd: REPO_ROOT,
    env: userEnv(opts.env),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(`arena ${args.join(" ")} printed nothing matching ${ready} within ${(opts.timeoutMs ?? 600_000) / 1000} s:\n${log}`),
        ),
      opts.timeoutMs ?? 600_000,
    );
    const scan = (chunk: Buffer) => {
      log += chunk.toString();
      const m = log.match(ready);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout!.on("data", scan);
    child.stderr!.on("data", scan);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`arena ${args.join(" ")} exited with ${code} before printing ${ready}:\n${log}`));
    });
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    const code = await Promise.race([exited, new Promise<"slow">((r) => setTimeout(() => r("slow"), 15_000).unref())]);
    // The group: whatever is left of it (a web server whose command died) goes too.
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    return code === "slow" ? exited : code;
  };
  const serverPid = () => {
    const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    const server = children.find((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("server/main.mjs"));
    if (!server) throw new Error(`no web server under arena (pid ${child.pid}):\n${log}`);
    return server;
  };
  const kill = async () => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      return; // already gone
    }
    await exited;
  };
  return { url: match[1]!, match, child, output: () => log, exited, serverPid, stop, kill };
}

/** `arena web --port P [--host H]`: the web app at the URL it prints. */
export async function startWeb(opts: { env?: Record<string, string>; host?: string } = {}): Promise<ArenaProcess> {
  const port = await freePort();
  return runArena(["web", "--port", String(port), ...(opts.host ? ["--host", opts.host] : [])], /DR Arena web app: (http:\/\/\S+)/, opts);
}

/** The worker's web server as a file sees it: where it is and what it printed; the worker stops it, not the file. */
export type SharedWeb = Pick<ArenaProcess, "url" | "output">;

/**
 * `arena web --port P`, started once per test worker (kept.ts) and shared by the files that only
 * drive it: the worker's database and queue prefix, the run's secret key (worker-env.ts), every
 * other setting a user's default. A file whose test needs a server of its own (another setting, a
 * start-up or a stop it watches, a journey started the README's way) calls `startWeb`.
 *
 * Files change the database behind the server's back (truncate, seed), so each file's first call
 * announces it the way the worker announces a stored snapshot: the server drops its cached reads
 * (apps/web/src/lib/api/cache.ts) and the file's first page shows its own rows.
 */
export async function sharedWeb(): Promise<SharedWeb> {
  const web = await kept("web", async () => {
    const p = await startWeb({ env: process.env.ARENA_SECRET_KEY ? { ARENA_SECRET_KEY: process.env.ARENA_SECRET_KEY } : {} });
    return {
      value: p,
      group: p.child.pid!,
      unref: () => {
        p.child.unref();
        // The pipes are sockets (net.Socket), which unref; the type says Readable.
        for (const stream of [p.child.stdout, p.child.stderr]) (stream as { unref?: () => void } | null)?.unref?.();
      },
    };
  });
  if (web.child.exitCode !== null || web.child.signalCode !== null) {
    forget("web");
    return sharedWeb();
  }
  await announceChangedData();
  return { url: web.url, output: web.output };
}

/**
 * The event the worker publishes after storing a snapshot (every cached read is dropped on it); no
 * scope of its own (empty examiner, no tournament), since the whole database changed.
 */
async function announceChangedData(): Promise<void> {
  const redis = createRedis({ maxRetriesPerRequest: 1 });
  try {
    await publishEvent(redis, { type: "snapshot", examinerConfigId: "", tournamentId: null, matchesCounted: 0 });
  } finally {
    redis.disconnect();
  }
}

/** `arena demo --port P …`: the whole offline arena, at the URL it prints (its tournament's URL too). */
export async function startDemo(
  args: string[],
  opts: { env?: Record<string, string> } = {},
): Promise<ArenaProcess & { tournamentUrl: string }> {
  const port = await freePort();
  const p = await runArena(
    ["demo", "--port", String(port), ...args],
    /the arena is live at (http:\/\/\S+) \(tournament: (http:\/\/\S+)\)/,
    opts,
  );
  return { ...p, tournamentUrl: p.match[2]! };
}

/** Signs in over HTTP at `url` (the origin the browser would send) and returns the session cookie header. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} at ${url} failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Runs `arena <args>` to completion as a user would (stdin written, e.g. a password), with the test's services. */
export function arenaCommand(
  args: string[],
  opts: { stdin?: string; env?: Record<string, string> } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [ARENA_COMMAND[1], ...args], {
      cwd: REPO_ROOT,
      env: userEnv(opts.env),
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
    child.stdin!.end(opts.stdin ?? "");
  });
}

/** `echo PASSWORD | arena user create --email E --role R`: an account made the way the operator makes one. */
export async function createAccount(email: string, role: "admin" | "auditor" | "owner", password: string): Promise<void> {
  const r = await arenaCommand(["user", "create", "--email", email, "--role", role], { stdin: `${password}\n` });
  if (r.code !== 0) throw new Error(`arena user create ${email} failed (${r.code}):\n${r.stdout}${r.stderr}`);
}
