import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ARENA_VARIABLES } from "@arena/env";
import { REPO_ROOT } from "./helpers/arena";

/** Names that look like variables but are not read from the environment. */
const NOT_VARIABLES = new Set(["ARENA_PROTOCOL", "ARENA_BUILT_EXTRACT_WORKER", "ARENA_BUILT_SCOREBOARD_WORKER", "ARENA_VARIABLES"]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === "node_modules" || e.name === "dist" || e.name === "test" || e.name.startsWith(".")) return [];
    const path = join(dir, e.name);
    return e.isDirectory() ? sources(path) : /\.(ts|tsx|mts|mjs)$/.test(e.name) ? [path] : [];
  });
}

describe("the ARENA_* environment", () => {
  it("has every variable the code names in the one schema", () => {
    const roots = ["packages", "apps/cli/src", "apps/worker/src", "apps/web/src", "apps/web/server", "scripts"].map((d) =>
      join(REPO_ROOT, d),
    );
    const named = new Set<string>();
    for (const file of roots.flatMap(sources)) {
      for (const [name] of readFileSync(file, "utf8").matchAll(/\bARENA_[A-Z0-9_]*[A-Z0-9]\b(?!_)/g))
        if (!NOT_VARIABLES.has(name)) named.add(name);
    }
    expect([...named].filter((n) => !(ARENA_VARIABLES as readonly string[]).includes(n)).sort()).toEqual([]);
  });

  it("documents every variable in docs/configuration.md", () => {
    const doc = readFileSync(join(REPO_ROOT, "docs/configuration.md"), "utf8");
    expect(ARENA_VARIABLES.filter((v) => !doc.includes(`\`${v}\``))).toEqual([]);
  });
});
