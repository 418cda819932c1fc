#!/usr/bin/env node
// Builds the `arena` CLI and the worker to JavaScript (apps/cli/dist, apps/worker/dist) with esbuild:
// the @arena/* workspace sources are bundled, third-party packages stay imports of node_modules, and
// code splitting turns every dynamic import() into its own chunk, so a command loads only what it uses.
// `node scripts/build-apps.mjs` builds; `--check` exits 1 when a build is missing or older than a source.
import { readdirSync, readFileSync, statSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { isCurrent, ROOT, STAMP } from "./app-builds.mjs";

const NODE_MODULES = `${join(ROOT, "node_modules")}/`;
const EXTRACT_THREAD = join(ROOT, "packages/trees/src/crawl/extract-thread.ts");
const EXTRACT_WORKER = "packages/trees/src/crawl/extract-worker.built.ts";
const SCOREBOARD_THREAD = join(ROOT, "packages/scoring/src/scoreboard/thread.ts");
const SCOREBOARD_WORKER = "packages/scoring/src/scoreboard/thread-worker.built.ts";
/** Each app's entries: its main and the threads it starts (compiled beside it, found by the defines below). */
const THREADS = { "extract-worker": EXTRACT_WORKER, "scoreboard-worker": SCOREBOARD_WORKER };
const APPS = [
  { dir: "apps/cli", entries: { main: "apps/cli/src/main.ts", ...THREADS } },
  { dir: "apps/worker", entries: { main: "apps/worker/src/main.ts", ...THREADS } },
];
/** Chunks of earlier builds are kept this long: a running process may still import one lazily. */
const OLD_CHUNK_MS = 60 * 60 * 1000;

if (process.argv.includes("--check")) {
  const stale = APPS.filter((a) => !isCurrent(a.dir)).map((a) => a.dir);
  if (stale.length) console.log(`stale: ${stale.join(", ")}`);
  process.exit(stale.length ? 1 : 0);
}

const esbuild = await import("esbuild");

/**
 * Resolution rules of the bundle. A bare import that resolves into the root node_modules stays an
 * import (node resolves it the same way from apps/<app>/dist); one that resolves into a package's
 * own node_modules (a version differing from the hoisted one, e.g. pure-rand in packages/core) is
 * bundled, since dist could not reach it. So are a few pure-JavaScript packages made of many small
 * files, which node would resolve and compile one by one on every run: the @stdlib functions (a few
 * hundred CommonJS files, ~0.2 s of every ratings run), zod and commander (most of `arena --help`).
 */
const BUNDLED = /^(@stdlib\/|zod$|zod\/|commander$)/;
const externals = {
  name: "arena-externals",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === "inner" || args.path.startsWith("node:") || args.path.startsWith("@arena/")) return undefined;
      const found = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: "inner",
      });
      if (found.errors.length) return { errors: found.errors };
      if (!found.path.startsWith(NODE_MODULES) || found.path.slice(NODE_MODULES.length).includes("/node_modules/")) return found;
      if (BUNDLED.test(args.path)) return found;
      return { path: args.path, external: true };
    });
  },
};

/**
 * `import.meta.url` in a workspace source means that source's own location (prompts, the secret
 * key file, the Prisma client's folder are found relative to it), not the chunk it lands in.
 */
const sourceUrls = (outdir) => ({
  name: "arena-source-urls",
  setup(build) {
    build.onLoad({ filter: /\.(ts|mts)$/ }, (args) => {
      if (args.path.startsWith(NODE_MODULES)) return undefined;
      let text = readFileSync(args.path, "utf8");
      if (text.includes("import.meta.url")) {
        const rel = relative(outdir, args.path);
        text = text.replaceAll("import.meta.url", `new URL(${JSON.stringify(rel)}, import.meta.url).href`);
      }
      return { contents: text, loader: "ts" };
    });
  },
});

const started = new Date();
for (const app of APPS) {
  const outdir = join(ROOT, app.dir, "dist");
  // Written over the previous build, not after deleting it: chunk names are content hashes, so a
  // running CLI or worker still finds the chunks it has yet to import.
  const result = await esbuild.build({
    entryPoints: Object.fromEntries(Object.entries(app.entries).map(([name, src]) => [name, join(ROOT, src)])),
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    outExtension: { ".js": ".mjs" },
    chunkNames: "chunk-[hash]",
    sourcemap: "linked",
    metafile: true,
    // Bundled CommonJS (commander) requires node's built-in modules; ESM output needs a require for that.
    banner: { js: 'import { createRequire as __arenaRequire } from "node:module"; const require = __arenaRequire(import.meta.url);' },
    logLevel: "warning",
    // The page-extraction and scoreboard threads run their compiled entries beside the bundle (extract-thread.ts, thread.ts).
    define: {
      ARENA_BUILT_EXTRACT_WORKER: JSON.stringify(relative(dirname(EXTRACT_THREAD), join(outdir, "extract-worker.mjs"))),
      ARENA_BUILT_SCOREBOARD_WORKER: JSON.stringify(relative(dirname(SCOREBOARD_THREAD), join(outdir, "scoreboard-worker.mjs"))),
    },
    plugins: [externals, sourceUrls(outdir)],
  });
  const written = new Set(Object.keys(result.metafile.outputs).map((p) => join(ROOT, p)));
  for (const name of readdirSync(outdir)) {
    const path = join(outdir, name);
    if (
      name.startsWith("chunk-") &&
      !written.has(path) &&
      !written.has(path.replace(/\.map$/, "")) &&
      Date.now() - statSync(path).mtimeMs > OLD_CHUNK_MS
    )
      unlinkSync(path);
  }
  const stamp = join(outdir, STAMP);
  writeFileSync(stamp, `${started.toISOString()}\n`);
  utimesSync(stamp, started, started); // a source saved during the build makes it stale
}
console.log(`built ${APPS.map((a) => `${a.dir}/dist`).join(", ")} in ${Date.now() - started.getTime()} ms`);
