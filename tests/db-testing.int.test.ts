import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrisma, type PrismaClient } from "@arena/db";
import { applicationTables, truncateAll } from "@arena/db/testing";
import { REPO_ROOT } from "./helpers/arena";
import { withDatabase } from "./helpers/workers";

/** A scratch database whose name does not mark it disposable, standing in for a developer's `arena`. */
const PROBE = "arena_truncate_probe";
const probeUrl = () => withDatabase(process.env.DATABASE_URL!, PROBE);

describe("truncateAll", () => {
  let db: PrismaClient;

  beforeAll(async () => {
    execFileSync(process.execPath, ["scripts/db-admin.mjs", "create", PROBE], { cwd: REPO_ROOT, env: process.env, stdio: "ignore" });
    db = createPrisma(probeUrl());
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

describe("truncateAll on a test database", () => {
  it("empties every table holding rows; on an empty database it does nothing and does not fail", async () => {
    const db = createPrisma();
    try {
      await truncateAll(db);
      await db.agent.create({ data: { name: "t", protocol: "simulated", config: {}, status: "healthy" } });
      await db.allowedHost.create({ data: { pattern: "x.example" } });
      await db.tree.create({ data: { rootUrl: "https://x.example/", source: "imported" } });
      const tables = await applicationTables(db);
      const rowsLeft = async () => {
        let n = 0;
        for (const { tablename } of tables)
          n += Number((await db.$queryRawUnsafe<Array<{ n: bigint }>>(`select count(*) as n from "${tablename}"`))[0]!.n);
        return n;
      };
      expect(await rowsLeft()).toBe(3);
      await truncateAll(db);
      expect(await rowsLeft()).toBe(0);
      await truncateAll(db);
      expect(await rowsLeft()).toBe(0);
    } finally {
      await db.$disconnect();
    }
  });
});

describe("db-admin migrated (the scripts skip `prisma migrate deploy` when it says so)", () => {
  const migrated = (databaseUrl: string) => {
    try {
      execFileSync(process.execPath, ["scripts/db-admin.mjs", "migrated"], {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: databaseUrl },
        stdio: "ignore",
      });
      return 0;
    } catch (err) {
      return (err as { status: number }).status;
    }
  };
  it("says 0 for the migrated test database, 3 for one without the migrations table", () => {
    expect(migrated(process.env.DATABASE_URL!)).toBe(0);
    expect(migrated(probeUrl())).toBe(3);
  });

  it("says 3 when one migration is missing or failed", async () => {
    const probe = createPrisma(probeUrl());
    try {
      await probe.$executeRawUnsafe("drop table if exists _prisma_migrations");
      await probe.$executeRawUnsafe(
        "create table if not exists _prisma_migrations (migration_name text, finished_at timestamptz, rolled_back_at timestamptz)",
      );
      const test = createPrisma();
      const names = (await test.$queryRawUnsafe<{ migration_name: string }[]>("select migration_name from _prisma_migrations")).map(
        (r) => r.migration_name,
      );
      await test.$disconnect();
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) await probe.$executeRawUnsafe("insert into _prisma_migrations values ($1, now(), null)", name);
      expect(migrated(probeUrl())).toBe(0);
      await probe.$executeRawUnsafe("update _prisma_migrations set finished_at = null where migration_name = $1", names.at(-1));
      expect(migrated(probeUrl())).toBe(3); // failed: the CLI must report it
      await probe.$executeRawUnsafe("delete from _prisma_migrations where migration_name = $1", names.at(-1));
      expect(migrated(probeUrl())).toBe(3); // missing: pending
    } finally {
      await probe.$executeRawUnsafe("drop table if exists _prisma_migrations");
      await probe.$disconnect();
    }
  });
});
