import { defineConfig } from "vitest/config";
import { SlowestFirstSequencer } from "./tests/helpers/sequencer.js";

/**
 * How many test files run at once: ARENA_TEST_WORKERS (a whole number from 1 to 16), default 3;
 * unit and integration files alike, in one pool. One more than the reference machine's two cores:
 * files also wait (on agents' latency, a background run, a page to update), and with two at once
 * the CPUs were idle 17 % of the test step, with three 3 % (test step 914 s → 787 s).
 * Integration files share one PostgreSQL server and one Redis, so each worker gets its own
 * database (cloned from the migrated test database) and queue prefix: tests/helpers/workers.ts.
 */
export function testWorkers(raw: string | undefined = process.env.ARENA_TEST_WORKERS): number {
  if (raw === undefined || raw.trim() === "") return 3;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new Error(`ARENA_TEST_WORKERS must be a whole number from 1 to 16, got "${raw}"`);
  return n;
}

const workers = testWorkers();

/** Unit files that replace a module with vi.mock, which needs a module graph of their own. */
const MOCKING_FILES = ["packages/net/test/guard-purpose.test.ts"];

export default defineConfig({
  test: {
    // Transformed modules kept on disk (under node_modules, so a new install starts afresh): the next
    // run, and every worker of this one, loads them instead of transforming the sources again.
    experimental: { fsModuleCache: true },
    // Longest expected file first, across both projects, so no long file starts last.
    sequence: { sequencer: SlowestFirstSequencer },
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/test/**/*.test.ts", "apps/*/test/**/*.test.ts", "tests/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "**/node_modules/**", ...MOCKING_FILES],
          maxWorkers: workers,
          // Unit files share each worker's loaded modules: importing a file's module graph (zod
          // schemas, the provider SDKs, Next's renderer for the web's units) took longer than its
          // tests, once per file. They touch no service and restore what they change
          // (process.env); the ones that replace a module (vi.mock) keep a fresh graph each.
          isolate: false,
        },
      },
      {
        test: {
          name: "unit-mocking",
          include: MOCKING_FILES,
          maxWorkers: workers,
        },
      },
      {
        test: {
          name: "integration",
          include: ["packages/*/test/**/*.int.test.ts", "apps/*/test/**/*.int.test.ts", "tests/**/*.int.test.ts"],
          maxWorkers: workers,
          globalSetup: ["tests/helpers/worker-databases.ts"],
          setupFiles: ["tests/helpers/worker-env.ts"],
          // Integration files share each worker's loaded modules too: a fresh process per file spent
          // 3–4 s forking and importing the packages before its first test, over 82 files. Each file
          // starts from the worker's first environment and must leave nothing running (both checked
          // in worker-env.ts), so what one file does cannot slow or change the next.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Browser tests poll pages; on a loaded 2-core machine a page may take seconds to update.
          expect: { poll: { timeout: 20_000, interval: 100 } },
        },
      },
    ],
  },
});
