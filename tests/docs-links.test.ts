import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { anchorsOf, brokenLinks, linksOf, markdownUnder, slug } from "./helpers/doc-links";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

describe("the documentation's links", () => {
  it("resolve: every relative link and anchor in README.md, CONTRIBUTING.md and docs/**/*.md", () => {
    const files = [join(ROOT, "README.md"), join(ROOT, "CONTRIBUTING.md"), ...markdownUnder(join(ROOT, "docs"))];
    expect(files.length).toBeGreaterThan(10);
    expect(brokenLinks(ROOT, files)).toEqual([]);
  });
});

describe("the README as a front door", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");

  it("stays short, with the two commands and a Tests section naming npm test and npm run test:quick", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(160);
    expect(readme).toContain("npm run demo");
    const tests = readme.slice(readme.indexOf("\n## Tests\n"));
    expect(tests.slice(0, tests.indexOf("\n## ", 5))).toMatch(/`npm test`[\s\S]*`npm run test:quick`/);
  });

  it("maps every workspace: each folder under apps/ and packages/ starts a line of the architecture map", () => {
    const map = readme.slice(readme.indexOf("## Architecture"));
    const workspaces = ["apps", "packages"].flatMap((d) =>
      readdirSync(join(ROOT, d), { withFileTypes: true })
        .filter((e) => e.isDirectory() && existsSync(join(ROOT, d, e.name, "package.json")))
        .map((e) => `${d}/${e.name}`),
    );
    expect(workspaces.length).toBeGreaterThan(10);
    expect(workspaces.filter((w) => !new RegExp(`^${w}\\s`, "m").test(map))).toEqual([]);
  });
});

describe("the link checker", () => {
  const dir = mkdtempSync(join(tmpdir(), "arena-doc-links-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, "docs", "images"), { recursive: true });
  writeFileSync(join(dir, "docs", "images", "shot.png"), "");
  writeFileSync(
    join(dir, "docs", "guide.md"),
    [
      "# The guide",
      "",
      "## The `arena` command",
      "",
      "## 10. Report scoring",
      "",
      "## Notes",
      "",
      "## Notes",
      "",
      '<a id="custom"></a>',
      "",
    ].join("\n"),
  );
  writeFileSync(
    join(dir, "README.md"),
    [
      "# Front door",
      "",
      "![shot](docs/images/shot.png) [guide](docs/guide.md) [cmd](docs/guide.md#the-arena-command)",
      "[scores](docs/guide.md#10-report-scoring) [second notes](docs/guide.md#notes-1) [custom](docs/guide.md#custom)",
      '[self](#front-door) [site](https://example.org/a_(b) "title") [mail](mailto:a@example.org) [folder](docs)',
      "",
      "[missing file](docs/nothing.md) [missing anchor](docs/guide.md#no-such-heading) [bad url](https://)",
      "[outside](../elsewhere.md) [scheme](javascript:alert) [own anchor](#nowhere) [escape](docs/%E0%A4%A.md)",
      "",
      "`[in a span](docs/nothing.md)`",
      "",
      "```md",
      "[in a block](docs/nothing.md)",
      "```",
      "",
      "[ref]: docs/also-missing.md",
      "",
    ].join("\n"),
  );

  it("passes good links and reports each broken one with its line and reason", () => {
    expect(brokenLinks(dir, [join(dir, "README.md"), join(dir, "docs", "guide.md")])).toEqual([
      { file: "README.md", line: 7, target: "docs/nothing.md", reason: "no such file: docs/nothing.md" },
      { file: "README.md", line: 7, target: "docs/guide.md#no-such-heading", reason: "no heading #no-such-heading in docs/guide.md" },
      { file: "README.md", line: 7, target: "https://", reason: "not a valid URL" },
      { file: "README.md", line: 8, target: "../elsewhere.md", reason: "a path outside the repository" },
      { file: "README.md", line: 8, target: "javascript:alert", reason: "a scheme other than http(s) or mailto" },
      { file: "README.md", line: 8, target: "#nowhere", reason: "no heading #nowhere in README.md" },
      { file: "README.md", line: 8, target: "docs/%E0%A4%A.md", reason: "a malformed %-escape" },
      { file: "README.md", line: 16, target: "docs/also-missing.md", reason: "no such file: docs/also-missing.md" },
    ]);
  });

  it("makes GitHub's heading anchors", () => {
    expect(slug("The `arena` command")).toBe("the-arena-command");
    expect(slug("No pairing rule can meet the 70 % target")).toBe("no-pairing-rule-can-meet-the-70--target");
    expect(slug("Deployment: several web servers and workers")).toBe("deployment-several-web-servers-and-workers");
    expect(slug("Settings (`config`, JSON; unknown keys are ignored)")).toBe("settings-config-json-unknown-keys-are-ignored");
    expect(slug("Arena HTTP agent protocol (`dr-arena/1`)")).toBe("arena-http-agent-protocol-dr-arena1");
    expect([...anchorsOf("# A\n## A\n```\n# not a heading\n```\n")]).toEqual(["a", "a-1"]);
  });

  it("reads links outside code only", () => {
    expect(linksOf("see `[x](a.md)` and [y](b.md)\n```\n[z](c.md)\n```\n").map((l) => l.target)).toEqual(["b.md"]);
  });
});
