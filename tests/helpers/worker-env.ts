/**
 * Setup file of the integration project: runs in each worker before a test file is loaded, so
 * every module the file imports (the environment reader, @arena/env; Prisma clients, queues) and every child
 * process it starts (tests/helpers/web.ts userEnv passes these on) sees this worker's own
 * database and queue prefix. Set from what the global setup provided, never from the values
 * already in this process, so running it again for the next file changes nothing.
 */
import { createHook } from "node:async_hooks";
import { readdirSync } from "node:fs";
import { afterAll, inject } from "vitest";
import { keptGroups } from "./kept";
import { processesWithEnvironment, processGroup, readProc } from "./proc";

/**
 * Integration files share each worker's process and loaded modules (vitest.config.ts: isolate
 * false), so what one file sets in process.env (ARENA_LOCK_MS, an allow-list) must not reach the
 * next: the first file of a worker keeps the environment it started with, and every later file
 * starts from that again. The packages read the environment when they use it, not when loaded.
 */
const STARTING_ENV = Symbol.for("arena.test.startingEnv");
const kept = globalThis as { [STARTING_ENV]?: NodeJS.ProcessEnv };
if (!kept[STARTING_ENV]) kept[STARTING_ENV] = { ...process.env };
else {
  const starting = kept[STARTING_ENV];
  for (const name of Object.keys(process.env)) if (!(name in starting)) delete process.env[name];
  Object.assign(process.env, starting);
}

const services = inject("arenaWorkerServices");
const worker = process.env.VITEST_POOL_ID || "1";
const databaseUrl = services.databaseUrls[worker];
if (Object.keys(services.databaseUrls).length && !databaseUrl) {
  throw new Error(`no database was prepared for test worker ${worker} (prepared: ${Object.keys(services.databaseUrls).join(", ")})`);
}
if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
process.env.ARENA_QUEUE_PREFIX = `${services.queuePrefix}_w${worker}`;
// One key for the run: the worker's shared web server (kept.ts) encrypts and signs with the key the
// files' in-process workers and fixtures use (tests/accounts/fixtures.ts accountsEnv).
process.env.ARENA_SECRET_KEY = services.secretKey;

/** Long enough for sockets and child processes that are closing to finish, short enough not to matter per file. */
const LEAK_GRACE_MS = 2_000;

/**
 * Leak check: what this file starts, it stops. Integration files are meant to share a worker's
 * loaded modules; a BullMQ worker, poller, Redis connection, web server or browser left running by
 * one file would keep using the CPU (and the services) through every later file of that worker.
 * The baseline is taken here, before the test file is imported, so it holds what vitest itself
 * keeps open (its IPC channel with the main process, its stdio) and what earlier files of a shared
 * worker left; this afterAll is registered before the file's own, so it runs after them.
 */
const baseline = leakSnapshot();
const traced = process.env.ARENA_LEAK_TRACE === "1" ? traceUnreffed() : undefined;
afterAll(async () => {
  const deadline = Date.now() + LEAK_GRACE_MS;
  let left = leftOver(baseline, leakSnapshot());
  // Sockets, servers and child processes close asynchronously: give them a moment, not a sleep.
  while (left.length && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    left = leftOver(baseline, leakSnapshot());
  }
  left.push(...(traced?.() ?? []));
  if (left.length) throw new Error(`this file left running: ${left.join("; ")} (close it in an afterAll or finally)`);
});

interface LeakSnapshot {
  /** Counts of the kinds process.getActiveResourcesInfo() names (TCPWrap, Timeout, ProcessWrap, …). */
  resources: Map<string, number>;
  /** Live processes this file may have started: pid to command line. */
  children: Map<number, string>;
}

function leakSnapshot(): LeakSnapshot {
  const resources = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) resources.set(kind, (resources.get(kind) ?? 0) + 1);
  return { resources, children: childProcesses() };
}

/**
 * Processes this file may have started: this process's children (of every thread: a child
 * belongs to the thread that forked it), and every process that inherited this worker's queue
 * prefix and database, which finds a web server or browser whose parent (`arena web`, the test's
 * child) has already exited and left it orphaned.
 */
function childProcesses(): Map<number, string> {
  const found = new Map<number, string>();
  const tasks = `/proc/${process.pid}/task`;
  const threads = listOr(tasks);
  const pids = threads.flatMap((thread) => readProc(`${tasks}/${thread}/children`).split(" ").filter(Boolean).map(Number));
  // Both: the database is this run's own clone (its name holds the run's pid), so another run
  // with the same queue prefix (which would collide anyway) is not taken for this file's.
  const markers = ["ARENA_QUEUE_PREFIX", "DATABASE_URL"].filter((name) => process.env[name]).map((name) => `${name}=${process.env[name]}`);
  pids.push(...processesWithEnvironment(markers));
  const kept = keptGroups();
  for (const pid of pids) {
    if (pid === process.pid || found.has(pid) || kept.has(processGroup(pid))) continue;
    const command = readProc(`/proc/${pid}/cmdline`).split("\0").join(" ").trim();
    // An empty command line is a process that has exited (a zombie not yet reaped) or is gone.
    if (command && !isEsbuildService(command) && !isCrashReporter(command)) found.set(pid, command);
  }
  return found;
}

/** A folder's entries, or none (no /proc: not Linux; only the resources are checked then). */
function listOr(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}

/**
 * esbuild's service process: the kept scoreboard and extraction threads (ServedThread, shared by
 * every file of the worker on purpose) load their TypeScript through tsx, which starts it the
 * first time it transforms a file missing from its cache (a new clone) and keeps it as long as
 * the thread lives. The threads' helper, not the file's.
 */
function isEsbuildService(command: string): boolean {
  return /\/node_modules\/@esbuild\/[^/]+\/bin\/esbuild --service=/.test(command);
}

/**
 * Chromium's crash reporter: two handler processes the browser starts and that leave its process
 * group (they daemonize), so the worker's kept Chromium (kept.ts) cannot be told apart from them by
 * group. They exit with their browser; a browser a file left running is still found itself.
 */
function isCrashReporter(command: string): boolean {
  return /\/chrome_crashpad_handler /.test(command);
}

function leftOver(before: LeakSnapshot, after: LeakSnapshot): string[] {
  const left: string[] = [];
  for (const [kind, count] of after.resources) {
    const extra = count - (before.resources.get(kind) ?? 0);
    if (extra > 0) left.push(`${extra} ${kind}`);
  }
  for (const [pid, command] of after.children) {
    if (!before.children.has(pid)) left.push(`process ${pid}: ${command.slice(0, 200)}`);
  }
  return left;
}

/**
 * ARENA_LEAK_TRACE=1: also what getActiveResourcesInfo cannot see, unref'd intervals and worker
 * threads (they keep using the CPU without keeping the process alive), with where they were made.
 * Off by default: an async hook slows every promise of the file.
 */
function traceUnreffed(): () => string[] {
  const live = new Map<number, { what: string; resource: object; stack: string }>();
  const hook = createHook({
    init(id, type, _trigger, resource) {
      const interval = type === "Timeout" && (resource as { _repeat?: unknown })._repeat;
      if (!interval && type !== "WORKER") return;
      const frames = (new Error().stack ?? "")
        .split("\n")
        .slice(1)
        .map((line) => line.trim().replace(/^at /, ""));
      const stack = frames.filter((frame) => !/\(node:|^node:|@vitest/.test(frame)).slice(0, 5);
      // ServedThread keeps one idle, unref'd thread per kind of work and process on purpose (its
      // modules cost more to load than a request): shared by every file of the worker.
      if (stack.some((frame) => frame.includes("ServedThread."))) return;
      live.set(id, { what: interval ? "interval" : "worker thread", resource, stack: stack.join(" < ") });
    },
    destroy(id) {
      live.delete(id);
    },
  }).enable();
  return () => {
    hook.disable();
    return [...live.values()]
      .filter(({ resource }) => !(resource as { _destroyed?: boolean })._destroyed)
      .map(({ what, stack }) => `${what} made at ${stack}`);
  };
}
