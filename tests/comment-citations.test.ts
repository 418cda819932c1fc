import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const THIS_FILE = fileURLToPath(import.meta.url);

/**
 * References a reader of the code cannot follow: the product specification's section numbers
 * (docs/method.md restates its sections; cite `docs/method.md §N`), issue numbers, and documents
 * outside the repository. `../shared/data/dr-arena-trees` is not one of them: the tests' tree
 * helper reads that folder.
 */
const DEAD_REFERENCES: [RegExp, string][] = [
  [/\bSPEC\s*§/, "cites the specification: cite docs/method.md §N"],
  [/\bissues?\s*#?\d+/i, "names an issue: say what the code does, or cite docs/"],
  [/\/work\/|\.\.\/shared\/(?:notes|seeds)\b|\bSPEC\.md\b/, "names a path outside the repository: cite docs/"],
];

const SKIPPED_DIRS = new Set(["node_modules", "dist", "generated", "coverage"]);
const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|css|sh|prisma)$/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIPPED_DIRS.has(e.name) || e.name.startsWith(".")) return [];
    const path = join(dir, e.name);
    return e.isDirectory() ? sources(path) : SOURCE.test(e.name) ? [path] : [];
  });
}

/** `file:line: text — why` for every line of the given files that holds a dead reference. */
function deadReferences(files: string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, i) =>
        DEAD_REFERENCES.filter(([pattern]) => pattern.test(line)).map(
          ([, why]) => `${relative(ROOT, file)}:${i + 1}: ${line.trim()} — ${why}`,
        ),
      ),
  );
}

describe("comments point inside the repository", () => {
  it("no source file cites the specification's sections, an issue number or a path outside the repository", () => {
    const files = [
      ...["packages", "apps", "tests", "bench", "scripts", "examples"].flatMap((d) => sources(join(ROOT, d))),
      join(ROOT, "prisma", "schema.prisma"),
    ];
    expect(files.length).toBeGreaterThan(100);
    expect(deadReferences(files.filter((f) => f !== THIS_FILE))).toEqual([]);
  });

  it("catches each kind of dead reference, and leaves the method's own citations alone", () => {
    const spec = ["SPEC", "§"].join(" ");
    const lines = [
      `/** The loop (${spec}5). */`,
      "// fixed in issue 22",
      "// see Issue #4",
      "// (../shared/notes/toolchain.md)",
      "// see /work/shared/x",
      "// docs/method.md §5 and ../shared/data/dr-arena-trees",
    ];
    const checked = lines.map((line) => DEAD_REFERENCES.some(([pattern]) => pattern.test(line)));
    expect(checked).toEqual([true, true, true, true, true, false]);
  });
});
