import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

/**
 * The architecture rules the build enforces (tests/architecture.test.ts runs them on the
 * repository and on a synthetic violation, so the check itself is proven able to fail):
 *
 * - imports point inward: an app never imports another app, a package never imports an app;
 * - `packages/core/src` imports no I/O: no other workspace package, no database, queue, network
 *   or model client, no file system or network module of Node;
 * - reads (`packages/<name>/src/read/**`) never reach queue code, directly or through the files
 *   and packages they import;
 * - a package imports only packages below it in PACKAGE_ORDER (so no circle either), and every
 *   package has its place there;
 * - `process.env` is read only in the env module (`packages/env/src/env.ts`);
 * - no `as any` / `as never` casts.
 */

/**
 * The packages from the bottom up, the way data flows (trees → examiner → agents → judge → loop →
 * match → tournament → ratings → pages): a package's source imports only packages on an earlier
 * line, never one on its own line or above. A new package takes a line here before it is imported.
 * The apps sit above every package.
 */
export const PACKAGE_ORDER: readonly (readonly string[])[] = [
  /** The method's decisions, no I/O. */
  ["@arena/core"],
  /** The one reader of the environment (core's price table checks ARENA_MODEL_PRICES). */
  ["@arena/env"],
  /** PostgreSQL, the guarded HTTP client, BullMQ and Redis; the published DR-Arena trees the tests read. */
  ["@arena/db", "@arena/net", "@arena/jobs", "@arena/dr-arena-trees"],
  ["@arena/trees"],
  ["@arena/examiner"],
  ["@arena/agents", "@arena/scoring"],
  ["@arena/match", "@arena/tournament"],
  /** People's votes and the human audit of the examiner, over played matches. */
  ["@arena/votes", "@arena/audit"],
  /** The workers' queue processors and the processes the CLI starts. */
  ["@arena/runtime"],
];

/** Packages whose import means I/O: a database, queues, Redis, the network, a model API, files. */
export const IO_MODULES = [
  "@prisma/client",
  "@prisma/adapter-pg",
  "prisma",
  "pg",
  "ioredis",
  "bullmq",
  "openai",
  "@anthropic-ai/sdk",
  "undici",
  "better-auth",
  "next",
  "fs",
  "fs/promises",
  "net",
  "http",
  "https",
  "http2",
  "tls",
  "dgram",
  "dns",
  "child_process",
  "worker_threads",
  "cluster",
];

/** Queue code: what a read must never load. */
export const QUEUE_MODULES = ["bullmq", "ioredis"];
const QUEUE_PACKAGE = "@arena/jobs";

/**
 * Files allowed to read `process.env`, and why:
 * - the env module itself;
 * - `apps/web/server/*.mjs`: the plain-JavaScript launcher Node runs directly (no TypeScript
 *   loader), so it cannot import the TypeScript env module; it reads PORT, ARENA_WEB_DIST_DIR and
 *   ARENA_PAGE_CACHE_TTL_MS, the last two defined (and checked the same way) in the schema too.
 */
export const ENV_READERS = ["packages/env/src/env.ts", "apps/web/server/main.mjs"];

/**
 * `process.env.NEXT_RUNTIME` is no environment read: Next replaces it at build time with the
 * bundle's runtime ("nodejs" or "edge"), which removes the Node-only branch from edge bundles.
 */
const BUILD_CONSTANTS = ["NEXT_RUNTIME"];

/**
 * Where the rules look. Tests, benchmarks, scripts and tool configuration files (next.config.ts,
 * prisma.config.ts, vitest.config.ts, playwright.config.ts) may read `process.env` and import
 * anything: they set up processes and tools, and tools load their configuration before any of our
 * modules. The cast rule applies to them as well.
 */
const SOURCE_DIRS = ["src", "server", "testing"];
const CODE = /\.(ts|tsx|mts|mjs|js)$/;
const SKIP = new Set(["node_modules", "dist", ".next", ".turbo", "generated"]);

export interface Violation {
  rule: "apps-import-apps" | "packages-import-apps" | "package-order" | "core-imports-io" | "read-imports-queue" | "process-env" | "cast";
  file: string;
  detail: string;
}

interface Workspace {
  name: string;
  dir: string;
  kind: "apps" | "packages";
  exports: Record<string, string>;
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name) || e.name.startsWith(".")) return [];
    const path = join(dir, e.name);
    return e.isDirectory() ? walk(path) : CODE.test(e.name) && !e.name.endsWith(".d.ts") ? [path] : [];
  });
}

function workspaces(root: string): Workspace[] {
  return (["apps", "packages"] as const).flatMap((kind) =>
    readdirSync(join(root, kind), { withFileTypes: true })
      .filter((e) => e.isDirectory() && existsSync(join(root, kind, e.name, "package.json")))
      .map((e) => {
        const dir = join(root, kind, e.name);
        const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
          name: string;
          exports?: Record<string, string> | string;
        };
        const exports = typeof pkg.exports === "string" ? { ".": pkg.exports } : (pkg.exports ?? {});
        return { name: pkg.name, dir, kind, exports };
      }),
  );
}

/** Every module specifier a file imports or re-exports, static or dynamic, type-only included. */
export function importsOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

function asFile(path: string): string | undefined {
  const stem = path.replace(/\.(m?js)$/, "");
  const candidates = [path, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.mjs`, join(path, "index.ts"), join(path, "index.tsx")];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/** A bare specifier's package name: `@scope/name` or `name`, without `node:` or a subpath. */
export function packageName(spec: string): string {
  const bare = spec.replace(/^node:/, "");
  const parts = bare.split("/");
  return bare.startsWith("@") ? parts.slice(0, 2).join("/") : builtinModules.includes(bare) ? bare : parts[0]!;
}

/** The file a package's export map names for a subpath, a pattern with one `*` included (as @arena/examiner's per mode). */
function exportTarget(exports: Record<string, string>, sub: string): string | undefined {
  if (exports[sub]) return exports[sub];
  for (const [key, target] of Object.entries(exports)) {
    const [head, tail] = key.split("*");
    if (tail === undefined || !sub.startsWith(head!) || !sub.endsWith(tail) || sub.length < head!.length + tail.length) continue;
    return target.replace("*", sub.slice(head!.length, sub.length - tail.length));
  }
  return undefined;
}

class Graph {
  private readonly byName: Map<string, Workspace>;
  private readonly cache = new Map<string, string[]>();

  constructor(
    readonly root: string,
    readonly spaces: Workspace[],
  ) {
    this.byName = new Map(spaces.map((w) => [w.name, w]));
  }

  /** The repository file a specifier resolves to, or undefined for an external module. */
  resolve(from: string, spec: string): string | undefined {
    if (spec.startsWith(".")) return asFile(resolve(dirname(from), spec));
    if (spec.startsWith("@/")) {
      const space = this.spaceOf(from);
      return space ? asFile(join(space.dir, "src", spec.slice(2))) : undefined;
    }
    const name = packageName(spec);
    const space = this.byName.get(name);
    if (!space) return undefined;
    const sub = `.${spec.slice(name.length)}`;
    const target = exportTarget(space.exports, sub) ?? (sub === "." ? "./src/index.ts" : undefined);
    return target ? asFile(join(space.dir, target)) : asFile(join(space.dir, spec.slice(name.length + 1)));
  }

  spaceOf(file: string): Workspace | undefined {
    return this.spaces.find((w) => file.startsWith(w.dir + sep));
  }

  imports(file: string): string[] {
    let specs = this.cache.get(file);
    if (!specs) {
      specs = importsOf(readFileSync(file, "utf8"));
      this.cache.set(file, specs);
    }
    return specs;
  }

  /** A chain of files from `start` to the first one `hit` accepts, following repository imports. */
  findPath(start: string, hit: (file: string, spec: string) => boolean): string[] | undefined {
    const seen = new Set([start]);
    const queue: string[][] = [[start]];
    while (queue.length > 0) {
      const chain = queue.shift()!;
      const file = chain.at(-1)!;
      for (const spec of this.imports(file)) {
        if (hit(file, spec)) return [...chain, spec];
        const next = this.resolve(file, spec);
        if (next && !seen.has(next)) {
          seen.add(next);
          queue.push([...chain, next]);
        }
      }
    }
    return undefined;
  }
}

/** `process.env` reads and `as any` / `as never` casts in one file's syntax tree (comments and strings do not count). */
function findInSyntax(file: string, text: string): { env: number[]; casts: { line: number; type: string }[] } {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const env: number[] = [];
  const casts: { line: number; type: string }[] = [];
  const isProcess = (node: ts.Node) => ts.isIdentifier(node) && node.text === "process";
  const visit = (node: ts.Node): void => {
    if (
      (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) &&
      (node.type.kind === ts.SyntaxKind.AnyKeyword || node.type.kind === ts.SyntaxKind.NeverKeyword)
    ) {
      casts.push({ line: line(node), type: node.type.getText(source) });
    }
    const envAccess =
      (ts.isPropertyAccessExpression(node) && isProcess(node.expression) && node.name.text === "env") ||
      (ts.isElementAccessExpression(node) &&
        isProcess(node.expression) &&
        ts.isStringLiteralLike(node.argumentExpression) &&
        node.argumentExpression.text === "env");
    if (envAccess && !isBuildConstant(node)) env.push(line(node));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { env, casts };
}

/** `process.env.NEXT_RUNTIME`: Next replaces it at build time (see BUILD_CONSTANTS). */
function isBuildConstant(node: ts.Node): boolean {
  return ts.isPropertyAccessExpression(node.parent) && BUILD_CONSTANTS.includes(node.parent.name.text);
}

/** A package's line in PACKAGE_ORDER (0 at the bottom), or undefined when it has none. */
function levelOf(name: string): number | undefined {
  const level = PACKAGE_ORDER.findIndex((line) => line.includes(name));
  return level === -1 ? undefined : level;
}

/**
 * Imports between packages that do not point down PACKAGE_ORDER, in the packages' source (their
 * tests may set up anything), whether by name or by a relative path into another package.
 */
function packageOrderViolations(spaces: Workspace[], graph: Graph, rel: (f: string) => string): Violation[] {
  const out: Violation[] = [];
  for (const space of spaces.filter((w) => w.kind === "packages")) {
    const level = levelOf(space.name);
    if (level === undefined)
      out.push({ rule: "package-order", file: rel(join(space.dir, "package.json")), detail: `${space.name} has no line in PACKAGE_ORDER` });
    for (const file of SOURCE_DIRS.flatMap((d) => walk(join(space.dir, d)))) {
      for (const spec of graph.imports(file)) {
        const target = graph.resolve(file, spec);
        const other = target ? graph.spaceOf(target) : undefined;
        if (!other || other === space || other.kind !== "packages") continue;
        const below = levelOf(other.name);
        if (level === undefined || below === undefined || below < level) continue;
        out.push({
          rule: "package-order",
          file: rel(file),
          detail: `imports ${spec}: ${other.name} is on line ${below + 1} of PACKAGE_ORDER, not below ${space.name} (line ${level + 1})`,
        });
      }
    }
  }
  return out;
}

/** Every violation of the rules above in the repository (or fixture) at `root`. */
export function checkArchitecture(root: string): Violation[] {
  const spaces = workspaces(root);
  const graph = new Graph(root, spaces);
  const rel = (f: string) => relative(root, f).split(sep).join("/");
  const out: Violation[] = [];
  const appNames = new Set(spaces.filter((w) => w.kind === "apps").map((w) => w.name));

  for (const space of spaces) {
    const files = walk(space.dir);
    for (const file of files) {
      for (const spec of graph.imports(file)) {
        const target = graph.resolve(file, spec);
        const targetSpace = target
          ? graph.spaceOf(target)
          : appNames.has(packageName(spec))
            ? spaces.find((w) => w.name === packageName(spec))
            : undefined;
        if (targetSpace?.kind === "apps" && targetSpace !== space) {
          out.push({
            rule: space.kind === "apps" ? "apps-import-apps" : "packages-import-apps",
            file: rel(file),
            detail: `imports ${spec} (${targetSpace.name})`,
          });
        }
      }
    }
  }

  out.push(...packageOrderViolations(spaces, graph, rel));

  const core = spaces.find((w) => w.name === "@arena/core");
  for (const file of core ? walk(join(core.dir, "src")) : []) {
    for (const spec of graph.imports(file)) {
      const name = packageName(spec);
      const workspace = spaces.find((w) => w.name === name);
      if (IO_MODULES.includes(name) || (workspace && workspace !== core))
        out.push({ rule: "core-imports-io", file: rel(file), detail: `imports ${spec}` });
    }
  }

  const isQueue = (from: string, spec: string) => {
    const name = packageName(spec);
    if (QUEUE_MODULES.includes(name) || name === QUEUE_PACKAGE) return true;
    const target = graph.resolve(from, spec);
    return target !== undefined && graph.spaceOf(target)?.name === QUEUE_PACKAGE;
  };
  for (const space of spaces.filter((w) => w.kind === "packages")) {
    for (const file of walk(join(space.dir, "src", "read"))) {
      const chain = graph.findPath(file, isQueue);
      if (chain)
        out.push({
          rule: "read-imports-queue",
          file: rel(file),
          detail: chain
            .slice(1)
            .map((f, i) => (i === chain.length - 2 ? f : rel(f)))
            .join(" → "),
        });
    }
  }

  const everyFile = ["apps", "packages", "tests", "bench", "scripts"].flatMap((d) => walk(join(root, d)));
  for (const file of everyFile) {
    const path = rel(file);
    const found = findInSyntax(file, readFileSync(file, "utf8"));
    const isSource = spaces.some((w) => SOURCE_DIRS.some((d) => file.startsWith(join(w.dir, d) + sep)));
    if (isSource && !ENV_READERS.includes(path)) {
      for (const line of found.env) out.push({ rule: "process-env", file: path, detail: `line ${line}: process.env` });
      if (graph.imports(file).some((spec) => packageName(spec) === "process"))
        out.push({ rule: "process-env", file: path, detail: "imports node:process" });
    }
    for (const c of found.casts) out.push({ rule: "cast", file: path, detail: `line ${c.line}: as ${c.type}` });
  }
  return out;
}
