import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrisma, type PrismaClient } from "@arena/db";
import { truncateAll } from "@arena/db/testing";
import { REPO_ROOT } from "./helpers/arena";

/** A scratch database whose name does not mark it disposable, standing in for a developer's `arena`. */
const PROBE = "arena_truncate_probe";

describe("truncateAll", () => {
  let db: PrismaClient;

  beforeAll(async () => {
    execFileSync(process.execPath, ["scripts/db-admin.mjs", "create", PROBE], { cwd: REPO_ROOT, env: process.env, stdio: "ignore" });
    db = createPrisma(process.env.DATABASE_URL!.replace(/\/[^/?]*(\?.*)?$/, `/${PROBE}`));
    await db.$executeRawUnsafe("create table if not exists keep (x int)");
    await db.$executeRawUnsafe("truncate keep");
    await db.$executeRawUnsafe("insert into keep values (1)");
  });
  afterAll(async () => {
    await db.$disconnect();
  });

  it("refuses a database whose name has no _test or _bench, and leaves its tables alone", async () => {
    await expect(truncateAll(db)).rejects.toThrow(/refuses to empty database "arena_truncate_probe"/);
    expect(await db.$queryRawUnsafe("select x from keep")).toEqual([{ x: 1 }]);
  });
});
