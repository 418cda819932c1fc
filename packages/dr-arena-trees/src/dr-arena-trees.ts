import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { arenaEnv } from "@arena/env";

/**
 * The published DR-Arena trees for the tests: the one way every test suite finds them (never
 * copied into the repository). In order:
 *   1. `ARENA_DR_TREES`: a folder holding them;
 *   2. `../shared/data/dr-arena-trees` beside the checkout;
 *   3. a copy fetched from the method authors' repository at a pinned commit into
 *      `var/dr-arena-trees/<commit>/` (machines with internet; each file checked by its SHA-256).
 * When none works the tests fail with one message naming the three ways.
 *
 * Test support, not method code, in a package of its own (files, the network and the environment
 * stay out of `@arena/core`). No package's source imports it; the suites of every package import
 * it, core's own too (which is why core's package.json does not name it: that would be a cycle).
 */

/** Where the files come from : the method authors' repository at a pinned commit (docs/development.md). */
export const DR_ARENA_SOURCE = {
  repository: "iNLP-Lab/DR-Arena",
  commit: "08f38351c1268b3ac11b3226d35be4e2a3f8fd5d",
  folder: "web_tree/data/dataset",
} as const;

/** The 19 files the arena uses (those `summary.json` lists) and their SHA-256 at the pinned commit. */
export const DR_ARENA_SHA256: Readonly<Record<string, string>> = {
  "summary.json": "7c92e4ff9ee23e732374698dce077cbfff00f9b8556cea785d3fa21799f6f260",
  "tree_0002.json": "e50f4a6a3e4aa20741ef4b51d854d5ea1ad05d4279dcc4f14947ff96dbf706c2",
  "tree_0003.json": "b9ab28985ca50ad99b4e5c3bd6c1233222fd52a88a1a64a22c605c026f2f031f",
  "tree_0004.json": "1b4cc1a0ecf5fd1ffe8767afe17458cf1930aef5534abc3e705f649d3ac52d32",
  "tree_0006.json": "4606c7161f3162f424791fcdb0b1e42c32f85c2b1cf37dbcf71f7c380a1c46de",
  "tree_0007.json": "f1bffe1bb2453ae345c96cf9c9b712594663e71f38d170d55c28bf622a558260",
  "tree_0008.json": "8ece5353bbe5e11eec1798b05c674c0306171d433668daeea73aa48b443f5b17",
  "tree_0009.json": "f0a2b66e7e13ca3892ab09cbba742064d95511671d9e832157c2e5f7405e4a7c",
  "tree_0011.json": "8e9e4eb09b2ccd2092130509605343479fdea2b61eacd8d597d503cfbced9095",
  "tree_0015.json": "4963ea0a603a7bd9ff4e9892e8ea936b050cd7207d622b28129fb741a088a0c0",
  "tree_0016.json": "8b8477c730d4aee162b9733db79b899796b56b26359a544d30859194f7bda1bb",
  "tree_0018.json": "f077f6eb6ec8c75d581697d2f411152f59232fa094334d3d6a3293c62ac2cac1",
  "tree_0020.json": "c7b19e20b4e12d7a2ff6db8eba0e636d1dfd2884bcc3f50afdae4c7d853928dc",
  "tree_0022.json": "9a65ae5c292ad888a1d802a5a094f12d2d9b90dc2be14b8e84f9e1ab243aeb58",
  "tree_0023.json": "34d1aa495cfe3c85cd134dd75537de5044a53465ce2b4639218cc35160b4e945",
  "tree_0024.json": "28b754e2a6ed5a412638b36e6851c8481b38618b4e9cfb0a2b307bf46b3e32e8",
  "tree_0025.json": "77f64b60024db69e096b1992f24e537bd563a3b51a083d8acddb140dd21d7d27",
  "tree_0027.json": "d22555dfd3a7978c448fbdb4c877a7599f620fd60112e30a4d8e16ac2f95cf38",
  "tree_0028.json": "3af38c9ab9fb33c846f4ce2d1bcc18028138221e04e9b74c1e87d41a9644e824",
  "tree_0030.json": "212b8f29e9db41879dd49d627a3e52f7222f65caa71aaf2a0810e9bd73d19de4",
};

/** The tree files, sorted (`summary.json` aside): the same 19 whichever folder holds them. */
export const DR_ARENA_TREE_FILES: readonly string[] = Object.keys(DR_ARENA_SHA256)
  .filter((f) => f.startsWith("tree_"))
  .sort();

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export interface TreesLocations {
  /** `ARENA_DR_TREES`, if set. */
  env: string | undefined;
  /** `../shared/data/dr-arena-trees` beside the checkout. */
  shared: string;
  /** The fetched copy in `var/`. */
  cache: string;
}

export function defaultLocations(): TreesLocations {
  return {
    env: arenaEnv().ARENA_DR_TREES,
    shared: resolve(REPO_ROOT, "../shared/data/dr-arena-trees"),
    cache: resolve(REPO_ROOT, "var/dr-arena-trees", DR_ARENA_SOURCE.commit),
  };
}

/** Whether a folder holds every file (names only: local folders are the reader's own). */
export function holdsTrees(dir: string): boolean {
  return Object.keys(DR_ARENA_SHA256).every((f) => existsSync(`${dir}/${f}`));
}

export type TreesChoice = { from: "env" | "shared" | "cache" | "fetch"; dir: string } | { from: "none"; why: string };

/**
 * Which way to take: `ARENA_DR_TREES` when set (a folder that lacks files is an error, not a
 * reason to look elsewhere: it was asked for), else `../shared`, else an earlier fetched copy,
 * else a fetch into `var/`.
 */
export function chooseTrees(at: TreesLocations, holds: (dir: string) => boolean = holdsTrees): TreesChoice {
  if (at.env)
    return holds(at.env)
      ? { from: "env", dir: at.env }
      : { from: "none", why: `ARENA_DR_TREES=${at.env} does not hold summary.json and the 19 tree files` };
  if (holds(at.shared)) return { from: "shared", dir: at.shared };
  if (holds(at.cache)) return { from: "cache", dir: at.cache };
  return { from: "fetch", dir: at.cache };
}

/** The one message, naming the three ways and why the last one failed. */
export function treesMissingMessage(at: TreesLocations, why: string): string {
  const { repository, commit, folder } = DR_ARENA_SOURCE;
  return [
    "The published DR-Arena trees are needed by this test and were not found. Provide them one of three ways:",
    `  1. ARENA_DR_TREES=<folder> holding summary.json and the 19 tree_NNNN.json files${at.env ? ` (now ${at.env})` : ""};`,
    `  2. ../shared/data/dr-arena-trees beside the checkout (${at.shared});`,
    `  3. internet access: the tests fetch them from https://github.com/${repository} at commit ${commit} (${folder}) into ${at.cache}.`,
    `Last attempt: ${why}.`,
  ].join("\n");
}

export interface FetchOptions {
  /** Where `summary.json` and `trees/tree_NNNN.json` are served (default: the pinned commit on raw.githubusercontent.com). */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

export function pinnedBaseUrl(): string {
  const { repository, commit, folder } = DR_ARENA_SOURCE;
  return `https://raw.githubusercontent.com/${repository}/${commit}/${folder}`;
}

/**
 * Fetches the 19 files into `dir`: each checked against its SHA-256, written to a temporary
 * folder that is renamed into place only when all are there, so a failed or interrupted fetch
 * leaves nothing that looks complete. Throws an Error saying which file failed and why.
 */
export async function fetchTrees(dir: string, opts: FetchOptions = {}): Promise<void> {
  const base = (opts.baseUrl ?? pinnedBaseUrl()).replace(/\/+$/, "");
  const get = opts.fetch ?? globalThis.fetch;
  const partial = `${dir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    for (const [file, sha256] of Object.entries(DR_ARENA_SHA256)) {
      const url = `${base}/${file.startsWith("tree_") ? `trees/${file}` : file}`;
      let bytes: Buffer;
      try {
        const res = await get(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 60_000) });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        bytes = Buffer.from(await res.arrayBuffer());
      } catch (err) {
        throw new Error(
          `fetching ${url} failed: ${err instanceof Error ? (err.cause instanceof Error ? `${err.message} (${err.cause.message})` : err.message) : String(err)}`,
        );
      }
      const got = createHash("sha256").update(bytes).digest("hex");
      if (got !== sha256) throw new Error(`${url} has SHA-256 ${got}, expected ${sha256}`);
      writeFileSync(`${partial}/${file}`, bytes);
    }
    mkdirSync(dirname(dir), { recursive: true });
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

/** Resolves the folder by the rules above (fetching when needed), or throws the one message. */
export async function locateTrees(at: TreesLocations = defaultLocations(), opts: FetchOptions = {}): Promise<string> {
  const choice = chooseTrees(at);
  if (choice.from === "none") throw new Error(treesMissingMessage(at, choice.why));
  if (choice.from === "fetch") {
    try {
      await fetchTrees(choice.dir, opts);
    } catch (err) {
      throw new Error(treesMissingMessage(at, err instanceof Error ? err.message : String(err)));
    }
  }
  return `${choice.dir.replace(/\/+$/, "")}/`;
}

let located: Promise<string> | null = null;

/** The trees' folder (with a trailing slash), located once per process. */
export function drArenaTreesDir(): Promise<string> {
  located ??= locateTrees();
  return located;
}

/** The path of one file of the trees' folder (`tree_0016.json`, `summary.json`). */
export async function drArenaTreePath(file: string): Promise<string> {
  if (!(file in DR_ARENA_SHA256)) throw new Error(`${file} is not one of the published DR-Arena files the arena uses`);
  return `${await drArenaTreesDir()}${file}`;
}

/** One file parsed as JSON. */
export async function readDrArenaTree(file: string): Promise<unknown> {
  return JSON.parse(readFileSync(await drArenaTreePath(file), "utf8"));
}
