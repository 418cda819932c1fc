/**
 * The worker as a deployment runs it (`node apps/worker/bin/worker.mjs`), for tests and
 * benchmarks, in a process group of its own so that a test can stop it or kill it outright. The
 * web app starts the one way of ./web.ts (`arena web`). The container images run these same
 * commands (tests/containers.test.ts checks the Dockerfiles and docker-compose.yml against them).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { REPO_ROOT } from "./arena";

/** What the worker image runs. */
export const WORKER_COMMAND = ["node", "apps/worker/bin/worker.mjs"] as const;
/** What `npx arena` runs; the web image's entry point, with `web` and its options as the command. */
export const ARENA_COMMAND = ["node", "apps/cli/bin/arena.mjs"] as const;
/** What the migration step runs. */
export const MIGRATE_COMMAND = ["npx", "prisma", "migrate", "deploy"] as const;

interface GroupProcess {
  pid: number;
  /** Everything it printed (both streams), for failure messages. */
  output(): string;
  /** SIGTERM to its group, then waits for it to exit. */
  stop(): Promise<void>;
  /** SIGKILL to its group: a crash, nothing cleaned up. */
  kill(): Promise<void>;
}

function spawnGroup(
  args: readonly string[],
  env: Record<string, string>,
): { child: ChildProcess; proc: GroupProcess; lines: (fn: (line: string) => void) => void } {
  const [cmd, ...rest] = args;
  const child = spawn(cmd === "node" ? process.execPath : cmd!, rest, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  const listeners: ((line: string) => void)[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    let partial = "";
    stream.on("data", (d: Buffer) => {
      log += d.toString();
      partial += d.toString();
      const lines = partial.split("\n");
      partial = lines.pop()!;
      for (const line of lines) for (const l of listeners) l(line);
    });
  }
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, sig);
    } catch {
      return; // already gone
    }
    await exited;
  };
  return {
    child,
    proc: { pid: child.pid!, output: () => log, stop: () => signal("SIGTERM"), kill: () => signal("SIGKILL") },
    lines: (fn) => listeners.push(fn),
  };
}

async function until<T>(
  what: string,
  proc: GroupProcess,
  child: ChildProcess,
  check: () => Promise<T | undefined>,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what}: the process exited (${child.exitCode ?? child.signalCode}):\n${proc.output()}`);
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      await proc.kill();
      throw new Error(`${what}: not ready within ${timeoutMs} ms:\n${proc.output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface WorkerProcess extends GroupProcess {
  /** Its heartbeat id in Redis. */
  id: string;
  /** Its health endpoint (GET /livez, /readyz). */
  healthUrl: string;
}

/** Starts a worker process and resolves once its /readyz answers 200. `env` adds to this process's environment. */
export async function startWorker(env: Record<string, string> = {}): Promise<WorkerProcess> {
  const { child, proc, lines } = spawnGroup(WORKER_COMMAND, { ARENA_WORKER_HEALTH_PORT: "0", ...env });
  let started: { id: string; healthPort: number } | undefined;
  lines((line) => {
    if (!line.startsWith("{")) return;
    const event = JSON.parse(line) as { message?: string; id?: string; healthPort?: number };
    if (event.message === "workers started" && event.id && event.healthPort) started = { id: event.id, healthPort: event.healthPort };
  });
  const ready = await until("worker", proc, child, async () => {
    if (!started) return undefined;
    const url = `http://127.0.0.1:${started.healthPort}`;
    return (await fetch(`${url}/readyz`)).ok ? { ...started, url } : undefined;
  });
  return { ...proc, id: ready.id, healthUrl: ready.url };
}
