import { defineConfig } from "vitest/config";
import { testWorkers } from "./tests/helpers/workers";

// Test files run ARENA_TEST_WORKERS at a time (default 2), unit and integration files alike in
// one pool. Integration files share one PostgreSQL server and one Redis, so each worker gets its
// own database (cloned from the migrated test database) and queue prefix: tests/helpers/workers.ts.
const workers = testWorkers();

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/test/**/*.test.ts", "apps/*/test/**/*.test.ts", "tests/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "**/node_modules/**"],
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
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Browser tests poll pages; on a loaded 2-core machine a page may take seconds to update.
          expect: { poll: { timeout: 20_000, interval: 100 } },
        },
      },
    ],
  },
});
