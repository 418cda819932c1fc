import { createHash, randomUUID } from "node:crypto";
import { readFile, readdir, stat } from "node:fs/promises";
import { basename, join } from "node:path";
import { z } from "zod";
import {
  MAX_DESCRIPTION_CHARS,
  MAX_TITLE_CHARS,
  pageLabel,
  parseDrArenaTree,
  TreeFormatError,
  wellFormed,
  type DrArenaNode,
} from "@arena/core";
import type { Prisma, PrismaClient, TreeSource } from "@arena/db";
import { chunks } from "./db";
import { retireTree } from "./retire";

export interface ImportOptions {
  source?: TreeSource;
  sourceName?: string | null;
  topic?: string | null;
  worldSeed?: string | null;
  /** False when no fetcher can ever reach the tree's pages (expansion then refuses early). */
  expandable?: boolean;
  meta?: Prisma.InputJsonValue;
  /**
   * What to do when a live tree with the same root URL and the same content is stored already:
   * `add` stores another copy (the default, for bulk imports into fresh stores), `ask` throws
   * DuplicateTreeError naming it, `keep` returns it and writes nothing, `replace` stores the new
   * one and retires the old (never deleted: its matches stay).
   */
  onDuplicate?: "add" | "ask" | "keep" | "replace";
}

export interface StoredDuplicate {
  id: string;
  title: string | null;
  rootUrl: string;
  createdAt: string;
  matches: number;
}

/** A re-upload: the same root URL and content as a stored tree; the caller offers keep or replace. */
export class DuplicateTreeError extends Error {
  constructor(readonly existing: StoredDuplicate) {
    super(
      `This tree is stored already as "${existing.title ?? existing.rootUrl}" (imported ${existing.createdAt.slice(0, 10)}, same root page and same content). Keep the stored one, or replace it: the stored one is then retired${existing.matches ? ` and its ${existing.matches} matches stay` : ""}.`,
    );
  }
}

export interface TreeSummary {
  id: string;
  rootUrl: string;
  title: string | null;
  nodes: number;
  maxDepth: number;
}

/** A file that could not be imported; `jsonPath` is set when the tree format was wrong. */
/** A tree file uploaded through the console: its name and its JSON text (POST /api/console/trees). */
export const treeUploadRequestSchema = z.object({
  file: z.string().min(1).max(255),
  text: z.string(),
  /** What a re-upload of a stored tree (same root URL and content) does: "ask" answers 409. */
  onDuplicate: z.enum(["ask", "keep", "replace"]).default("ask"),
});

export class TreeImportError extends Error {
  constructor(
    readonly file: string,
    readonly jsonPath: string | null,
    detail: string,
  ) {
    super(`${file}: ${detail}`);
  }
}

type NodeRow = Prisma.NodeCreateManyInput;
type ContextRow = Prisma.LinkContextCreateManyInput;

/** Rows per createMany: ~16 columns per node keeps a batch under 32k bind parameters. */
const NODE_BATCH = 2000;
const CONTEXT_BATCH = 4000;

/**
 * Imported files are untrusted like crawled pages: titles and descriptions are cut and cleaned of
 * control characters as the extractor does (the published trees are within these bounds and
 * have none, so they still export byte-identical), every text is made well-formed.
 */
const label = (text: string | null, maxChars: number) => (text === null ? null : pageLabel(text, maxChars));
const text = (value: string | null) => (value === null ? null : wellFormed(value));

/** Flattens the tree breadth-first so each level's parents exist before its children. */
function flatten(root: DrArenaNode, treeId: string): { levels: NodeRow[][]; contexts: ContextRow[] } {
  const levels: NodeRow[][] = [];
  const contexts: ContextRow[] = [];
  let frontier: Array<{ node: DrArenaNode; parentId: string | null; ordinal: number }> = [{ node: root, parentId: null, ordinal: 0 }];
  while (frontier.length) {
    const level: NodeRow[] = [];
    const next: typeof frontier = [];
    for (const { node, parentId, ordinal } of frontier) {
      const id = randomUUID();
      level.push({
        id,
        treeId,
        parentId,
        ordinal,
        url: wellFormed(node.url),
        domain: wellFormed(node.domain),
        title: label(node.title, MAX_TITLE_CHARS),
        description: label(node.description, MAX_DESCRIPTION_CHARS),
        content: text(node.content),
        crawled: node.crawled,
        depth: node.depth,
        error: text(node.error),
        relationshipCluster: text(node.relationship_cluster),
        status: node.crawled ? "crawled" : node.error !== null ? "failed" : "pending",
      });
      node.link_contexts.forEach((lc, i) => {
        contexts.push({
          id: randomUUID(),
          nodeId: id,
          ordinal: i,
          url: wellFormed(lc.url),
          anchorText: wellFormed(lc.anchor_text),
          surroundingText: wellFormed(lc.surrounding_text),
          relationship: wellFormed(lc.relationship),
        });
      });
      node.children.forEach((child, i) => {
        next.push({ node: child, parentId: id, ordinal: i });
      });
    }
    levels.push(level);
    frontier = next;
  }
  return { levels, contexts };
}

/**
 * Validates a DR-Arena tree (TreeFormatError with the JSON path when malformed) and writes it
 * in one transaction with bulk inserts per level, so a failure leaves no rows behind.
 */
export async function importTree(db: PrismaClient, json: unknown, opts: ImportOptions = {}): Promise<TreeSummary> {
  const root = parseDrArenaTree(json);
  // The parsed tree has the schema's field order, so equal content gives equal text.
  const contentHash = createHash("sha256").update(JSON.stringify(root)).digest("hex");
  const mode = opts.onDuplicate ?? "add";
  const existing =
    mode === "add"
      ? null
      : await db.tree.findFirst({
          where: { rootUrl: root.url, contentHash, retiredAt: null },
          orderBy: { createdAt: "desc" },
          select: { id: true, title: true, rootUrl: true, createdAt: true, _count: { select: { matches: true } } },
        });
  if (existing && mode === "ask") {
    throw new DuplicateTreeError({
      id: existing.id,
      title: existing.title,
      rootUrl: existing.rootUrl,
      createdAt: existing.createdAt.toISOString(),
      matches: existing._count.matches,
    });
  }
  if (existing && mode === "keep") return storedSummary(db, existing.id);
  const treeId = randomUUID();
  const { levels, contexts } = flatten(root, treeId);
  const [rootRow] = levels[0]!;
  await db.$transaction(
    async (tx) => {
      await tx.tree.create({
        data: {
          id: treeId,
          rootUrl: rootRow!.url,
          title: rootRow!.title,
          topic: opts.topic ?? null,
          source: opts.source ?? "imported",
          sourceName: opts.sourceName ?? null,
          worldSeed: opts.worldSeed ?? null,
          expandable: opts.expandable ?? true,
          meta: opts.meta ?? {},
          contentHash,
        },
      });
      for (const level of levels) {
        for (const batch of chunks(level, NODE_BATCH)) await tx.node.createMany({ data: batch });
      }
      for (const batch of chunks(contexts, CONTEXT_BATCH)) await tx.linkContext.createMany({ data: batch });
    },
    { timeout: 300_000, maxWait: 30_000 },
  );
  if (existing) await retireTree(db, existing.id);
  const all = levels.flat();
  return {
    id: treeId,
    rootUrl: rootRow!.url,
    title: rootRow!.title ?? null,
    nodes: all.length,
    maxDepth: all.reduce((max, n) => Math.max(max, n.depth), 0),
  };
}

async function storedSummary(db: PrismaClient, id: string): Promise<TreeSummary> {
  const [tree, stats] = await Promise.all([
    db.tree.findUniqueOrThrow({ where: { id }, select: { rootUrl: true, title: true } }),
    db.node.aggregate({ where: { treeId: id }, _count: { _all: true }, _max: { depth: true } }),
  ]);
  return { id, rootUrl: tree.rootUrl, title: tree.title, nodes: stats._count._all, maxDepth: stats._max.depth ?? 0 };
}

/** Largest tree file accepted (the largest published tree is 1.6 MB); CLI and web alike. */
export const MAX_TREE_FILE_BYTES = 20 * 1024 * 1024;

function tooLarge(file: string, bytes: number): TreeImportError {
  return new TreeImportError(file, null, `file is ${bytes} bytes, larger than the limit of ${MAX_TREE_FILE_BYTES} bytes for tree files`);
}

/**
 * Parses and validates the text of one tree file (`file` names it in errors) without touching
 * the database: size limit, JSON, nesting limit (MAX_TREE_DEPTH), then the format.
 */
export function parseTreeText(file: string, text: string): DrArenaNode {
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > MAX_TREE_FILE_BYTES) throw tooLarge(file, bytes);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new TreeImportError(file, null, err instanceof Error ? err.message : String(err));
  }
  try {
    return parseDrArenaTree(data);
  } catch (err) {
    if (err instanceof TreeFormatError) throw new TreeImportError(file, err.path, err.message);
    throw err;
  }
}

/** Reads and validates one file; its size is checked before it is read. */
async function readTreeFile(path: string): Promise<DrArenaNode> {
  const { size } = await stat(path);
  if (size > MAX_TREE_FILE_BYTES) throw tooLarge(path, size);
  return parseTreeText(path, await readFile(path, "utf8"));
}

export async function importTreeFile(db: PrismaClient, path: string, opts: ImportOptions = {}): Promise<TreeSummary> {
  const tree = await readTreeFile(path);
  return importTree(db, tree, { sourceName: basename(path), ...opts });
}

const summarySchema = z.object({
  trees: z.array(z.object({ root_url: z.string(), topic: z.string().optional() }).loose()),
});

/** Topics by root URL from a DR-Arena `summary.json`, when the directory has a valid one. */
async function readTopics(dir: string): Promise<Map<string, string>> {
  const topics = new Map<string, string>();
  let raw: string;
  try {
    raw = await readFile(join(dir, "summary.json"), "utf8");
  } catch {
    return topics;
  }
  let parsed: ReturnType<typeof summarySchema.safeParse>;
  try {
    parsed = summarySchema.safeParse(JSON.parse(raw));
  } catch (err) {
    throw new TreeImportError(join(dir, "summary.json"), null, err instanceof Error ? err.message : String(err));
  }
  if (!parsed.success) throw new TreeImportError(join(dir, "summary.json"), null, "unexpected summary.json shape");
  for (const t of parsed.data.trees) if (t.topic) topics.set(t.root_url, t.topic);
  return topics;
}

export interface DirImportOptions extends ImportOptions {
  onProgress?: (done: number, total: number, file: string, summary: TreeSummary) => void;
}

/**
 * Imports every `*.json` in a directory except `summary.json`, in name order. All files are
 * validated first, so a malformed file aborts the whole directory before anything is written;
 * each tree is then its own transaction. Topics come from `summary.json` when root URLs match.
 */
export async function importTreeDir(db: PrismaClient, dir: string, opts: DirImportOptions = {}): Promise<TreeSummary[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith(".json") && f !== "summary.json").sort();
  const topics = await readTopics(dir);
  const trees = await Promise.all(files.map((f) => readTreeFile(join(dir, f))));
  const out: TreeSummary[] = [];
  for (const [i, tree] of trees.entries()) {
    const file = files[i]!;
    const summary = await importTree(db, tree, {
      sourceName: file,
      ...opts,
      topic: opts.topic ?? topics.get(tree.url) ?? null,
    });
    out.push(summary);
    opts.onProgress?.(i + 1, files.length, file, summary);
  }
  return out;
}
