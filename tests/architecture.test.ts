import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkArchitecture, type Violation } from "./helpers/architecture";
import { REPO_ROOT } from "./helpers/arena";

/** A throwaway repository of the arena's shape, one file per entry. */
function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "arena-architecture-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const pkg = (name: string, exports: Record<string, string> = { ".": "./src/index.ts" }) => JSON.stringify({ name, exports });

/** Compact form for the assertion messages: "rule file: detail". */
const show = (v: Violation[]) => v.map((x) => `${x.rule} ${x.file}: ${x.detail}`).sort();

describe("the architecture", () => {
  it("holds in this repository: imports point inward and down the package order, core has no I/O, reads reach no queue, process.env only in the env module, no any/never casts", () => {
    expect(show(checkArchitecture(REPO_ROOT))).toEqual([]);
    // It reads every source file of the repository: seconds on a loaded machine, not the unit default of 5.
  }, 120_000);

  describe("the checker", () => {
    const root = fixture({
      "apps/web/package.json": pkg("@arena/web", {}),
      "apps/web/src/page.ts": 'import { run } from "@arena/cli";\nimport "../../cli/src/run";\nexport const page = run;\n',
      "apps/web/src/ok.ts":
        'import { x } from "@/lib/x";\n// process.env.X in a comment and "as any" in a string do not count\nexport const y = [x, `x as never`];\n',
      "apps/web/src/lib/x.ts": "export const x = 1;\n",
      "apps/web/src/instrumentation.ts": 'export const node = process.env.NEXT_RUNTIME === "nodejs";\n',
      "apps/web/next.config.ts": "export default { distDir: process.env.DIST };\n",
      "apps/cli/package.json": pkg("@arena/cli", { ".": "./src/run.ts" }),
      "apps/cli/src/run.ts": "export const run = () => process.env.HOME;\n",
      "packages/core/package.json": pkg("@arena/core"),
      "packages/core/src/index.ts":
        'import { readFileSync } from "node:fs";\nimport { Pool } from "pg";\nimport { createRedis } from "@arena/jobs";\nimport { z } from "zod";\nexport const all = [readFileSync, Pool, createRedis, z];\n',
      "packages/env/package.json": pkg("@arena/env", { ".": "./src/env.ts" }),
      "packages/env/src/env.ts": "export const env = () => process.env;\n",
      "packages/jobs/package.json": pkg("@arena/jobs"),
      "packages/jobs/src/index.ts": 'import { Redis } from "ioredis";\nexport const createRedis = () => new Redis();\n',
      // Upward from jobs to tournament, by name and by a path into its folder; beside it on its own line; a package with no line.
      "packages/jobs/src/up.ts":
        'import { board } from "@arena/tournament";\nimport { notify } from "../../tournament/src/notify";\nexport const up = [board, notify];\n',
      "packages/jobs/test/setup.test.ts": 'import { board } from "@arena/tournament";\nexport const fixture = board;\n',
      "packages/net/package.json": pkg("@arena/net"),
      "packages/net/src/index.ts": 'import { createRedis } from "@arena/jobs";\nexport const beside = createRedis;\n',
      "packages/extra/package.json": pkg("@arena/extra"),
      "packages/extra/src/index.ts": 'import { createRedis } from "@arena/jobs";\nexport const extra = createRedis;\n',
      "packages/tournament/package.json": pkg("@arena/tournament", { ".": "./src/index.ts", "./read": "./src/read/index.ts" }),
      "packages/tournament/src/index.ts":
        'export { board } from "./read";\nexport const cast = (x: unknown) => x as any;\nexport const old = <never>(1 as unknown);\n',
      "packages/tournament/src/read/index.ts": 'export { board } from "./board";\n',
      "packages/tournament/src/read/board.ts": 'import { notify } from "../notify";\nexport const board = () => notify;\n',
      "packages/tournament/src/notify.ts": 'import { createRedis } from "@arena/jobs";\nexport const notify = createRedis;\n',
      "packages/tournament/src/app.ts": 'import { page } from "@arena/web";\nexport const env = process["env"];\nexport { page };\n',
      "tests/x.test.ts": "export const t = process.env.CI as never;\n",
    });
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it("flags every kind of violation, each where it is, and nothing else", () => {
      expect(show(checkArchitecture(root))).toEqual(
        [
          "apps-import-apps apps/web/src/page.ts: imports @arena/cli (@arena/cli)",
          "apps-import-apps apps/web/src/page.ts: imports ../../cli/src/run (@arena/cli)",
          "process-env apps/cli/src/run.ts: line 1: process.env",
          "core-imports-io packages/core/src/index.ts: imports node:fs",
          "core-imports-io packages/core/src/index.ts: imports pg",
          "core-imports-io packages/core/src/index.ts: imports @arena/jobs",
          "package-order packages/core/src/index.ts: imports @arena/jobs: @arena/jobs is on line 3 of PACKAGE_ORDER, not below @arena/core (line 1)",
          "package-order packages/jobs/src/up.ts: imports @arena/tournament: @arena/tournament is on line 7 of PACKAGE_ORDER, not below @arena/jobs (line 3)",
          "package-order packages/jobs/src/up.ts: imports ../../tournament/src/notify: @arena/tournament is on line 7 of PACKAGE_ORDER, not below @arena/jobs (line 3)",
          "package-order packages/net/src/index.ts: imports @arena/jobs: @arena/jobs is on line 3 of PACKAGE_ORDER, not below @arena/net (line 3)",
          "package-order packages/extra/package.json: @arena/extra has no line in PACKAGE_ORDER",
          "cast packages/tournament/src/index.ts: line 2: as any",
          "cast packages/tournament/src/index.ts: line 3: as never",
          "read-imports-queue packages/tournament/src/read/board.ts: packages/tournament/src/notify.ts → @arena/jobs",
          "read-imports-queue packages/tournament/src/read/index.ts: packages/tournament/src/read/board.ts → packages/tournament/src/notify.ts → @arena/jobs",
          "packages-import-apps packages/tournament/src/app.ts: imports @arena/web (@arena/web)",
          "process-env packages/tournament/src/app.ts: line 2: process.env",
          "cast tests/x.test.ts: line 1: as never",
        ].sort(),
      );
    });
  });
});
