import { defineConfig } from "vitest/config";

// Unit tests are pure and run in parallel. Integration tests share one PostgreSQL database
// and one Redis, so their files run one at a time.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/test/**/*.test.ts", "apps/*/test/**/*.test.ts", "tests/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "**/node_modules/**"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["packages/*/test/**/*.int.test.ts", "apps/*/test/**/*.int.test.ts", "tests/**/*.int.test.ts"],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Browser tests poll pages; on a loaded 2-core machine a page may take seconds to update.
          expect: { poll: { timeout: 20_000, interval: 100 } },
        },
      },
    ],
  },
});
