import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createPrisma } from "@arena/db";
import { createSqlPool } from "@arena/db/pool";
import { truncateAll } from "@arena/db/testing";
import { importTreeFile, listTrees } from "../src/index";
import { DR_ARENA_DIR } from "./store-fixtures";

const db = createPrisma();
const pool = createSqlPool();
beforeEach(() => truncateAll(db));
afterAll(async () => {
  await pool.end();
  await db.$disconnect();
});

describe("listTrees", () => {
  it("lists the same summaries through Prisma and through a plain pool (arena tree list), oldest first, also by ids", async () => {
    const first = await importTreeFile(db, `${DR_ARENA_DIR}tree_0006.json`);
    const second = await importTreeFile(db, `${DR_ARENA_DIR}tree_0009.json`);
    expect(first.nodes).toBe(379);
    const viaPrisma = await listTrees(db);
    expect(viaPrisma).toEqual(
      [first, second].map(({ id, rootUrl, title, nodes, maxDepth }) => ({
        id,
        rootUrl,
        title,
        nodes,
        maxDepth,
        retiredAt: null,
        matches: 0,
      })),
    );
    expect(await listTrees(pool)).toEqual(viaPrisma);
    expect(await listTrees(pool, { ids: [second.id] })).toEqual([viaPrisma[1]]);
    expect(await listTrees(db, { ids: [second.id] })).toEqual([viaPrisma[1]]);
    expect(await listTrees(pool, { ids: [] })).toEqual([]);
  });
});
