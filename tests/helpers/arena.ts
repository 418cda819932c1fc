import { fileURLToPath } from "node:url";
import { createPrisma, type PrismaClient } from "@arena/db";
import { truncateAll } from "@arena/db/testing";
import { importTreeFile, type TreeSummary } from "@arena/trees";
import { drArenaTreePath } from "@arena/dr-arena-trees";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** A client on DATABASE_URL (the test database), emptied. */
export async function freshDb(): Promise<PrismaClient> {
  const db = createPrisma();
  await truncateAll(db);
  return db;
}

/** Imports one of the published DR-Arena trees (found by the one helper: ARENA_DR_TREES, ../shared, or a fetched copy). */
export async function importSharedTree(db: PrismaClient, file: string, opts: { expandable?: boolean } = {}): Promise<TreeSummary> {
  return importTreeFile(db, await drArenaTreePath(file), opts);
}

/**
 * Polls `check` until it returns a value (not undefined/false) or the deadline passes. Every 100 ms:
 * a check is one small query, and each wait ends on average half an interval after its condition.
 */
export async function waitFor<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
