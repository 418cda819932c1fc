import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/arena";

/**
 * Every data table of the web app is the one table component (`components/data-table`, on
 * @tanstack/react-table): sortable headers, a sticky first column, the view in the URL. A
 * hand-written `<table>` elsewhere fails this test, except these, each for its reason.
 */
const EXCEPTIONS: Record<string, string> = {
  "components/data-table/data-table.tsx": "the component itself",
  "components/chart-figure.tsx": "a chart's text alternative in its disclosure, in the chart's order (nothing to sort or choose)",
  "features/analysis/heatmaps.tsx": "an agents × agents matrix with row headers and coloured cells; sorting one axis breaks the symmetry",
};

/** Files under `src` (relative, `/`-separated) whose code opens a `<table` element. */
function handWrittenTables(src: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (/\.(tsx|ts|jsx|js)$/.test(e.name) && /<table[\s>]/.test(readFileSync(path, "utf8")))
        found.push(relative(src, path).split("\\").join("/"));
    }
  };
  walk(src);
  return found.sort();
}

describe("one table component", () => {
  it("no hand-written <table> in apps/web/src outside the component and the documented exceptions", () => {
    const stray = handWrittenTables(join(REPO_ROOT, "apps/web/src")).filter((f) => !(f in EXCEPTIONS));
    expect(stray, "use DataTable from @/components/data-table (or add the file to EXCEPTIONS with the reason)").toEqual([]);
  });

  it("every exception still has its table (a stale exception is removed)", () => {
    const found = handWrittenTables(join(REPO_ROOT, "apps/web/src"));
    expect(Object.keys(EXCEPTIONS).filter((f) => !found.includes(f))).toEqual([]);
  });

  describe("the scan", () => {
    const root = mkdtempSync(join(tmpdir(), "arena-tables-"));
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it("finds a <table> element in any nested file and ignores names that only start with table", () => {
      mkdirSync(join(root, "features/x"), { recursive: true });
      writeFileSync(
        join(root, "features/x/list.tsx"),
        'export const L = () => (\n  <table className="w-full">\n    <tbody />\n  </table>\n);\n',
      );
      writeFileSync(join(root, "features/x/bare.tsx"), "export const B = () => <table>{null}</table>;\n");
      writeFileSync(
        join(root, "features/x/ok.tsx"),
        'import { DataTable } from "@/components/data-table";\nexport const O = () => <DataTable />; // <tableau> is not a table\n',
      );
      expect(handWrittenTables(root)).toEqual(["features/x/bare.tsx", "features/x/list.tsx"]);
    });
  });
});
