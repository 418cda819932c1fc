/**
 * What a test worker keeps running across its files: one web server (`sharedWeb`, ./web.ts) and
 * one Chromium (`workerChromium`, tests/web/browser.ts), each started by the first file that asks
 * for it and used by every later file of that worker (integration files share a worker's process:
 * vitest.config.ts, isolate false). A server start-up cost 5–6 s of CPU and a browser launch 2–3 s,
 * once per file; now once per worker.
 *
 * Kept things are not the file's to stop, so the leak check (worker-env.ts) leaves out their
 * process groups, and their handles are unref'd (they do not count as the file's open resources).
 * They stop with the worker: on its exit, and the global setup's teardown stops whatever a killed
 * worker left (worker-databases.ts).
 */

interface Registry {
  started: Map<string, Promise<unknown>>;
  /** name → the process group it runs in, once started. */
  groups: Map<string, number>;
}

// On globalThis: vitest may load this module afresh for a file, the worker's registry stays.
const KEY = Symbol.for("arena.test.kept");

function registry(): Registry {
  const g = globalThis as { [KEY]?: Registry };
  if (!g[KEY]) {
    const created: Registry = { started: new Map(), groups: new Map() };
    g[KEY] = created;
    process.once("exit", () => {
      for (const group of created.groups.values()) {
        try {
          process.kill(-group, "SIGTERM");
        } catch {
          // already gone
        }
      }
    });
  }
  return g[KEY];
}

/** Process groups of what this worker keeps (the leak check leaves them out). */
export function keptGroups(): ReadonlySet<number> {
  return new Set(registry().groups.values());
}

/**
 * The worker's `name`, started by `start` the first time it is asked for: `group` is the process
 * group it runs in, `unref` lets go of its handles. A start that fails is tried again by the next
 * caller instead of failing every later file.
 */
export function kept<T>(name: string, start: () => Promise<{ value: T; group: number; unref: () => void }>): Promise<T> {
  const { started, groups } = registry();
  let running = started.get(name) as Promise<T> | undefined;
  if (!running) {
    running = start().then(({ value, group, unref }) => {
      groups.set(name, group);
      unref();
      return value;
    });
    started.set(name, running);
    running.catch(() => started.delete(name));
  }
  return running;
}

/** Drops `name` (it died): the next caller starts a new one. */
export function forget(name: string): void {
  const { started, groups } = registry();
  started.delete(name);
  groups.delete(name);
}
