import type { PrismaClient } from "./generated/client";

/**
 * Databases truncateAll may empty: arena_test, arena_test_<engineer>, arena_bench, arena_bench_match...
 * A plain `npx vitest run x.int.test.ts` skips scripts/test.sh and DATABASE_URL may still name
 * the developer's own `arena` database; refusing by name is what keeps that data.
 */
const DISPOSABLE_DATABASE = /_(test|bench)(_|$)/;

/** Whether a database of this name is one tests may empty (and clone per test worker). */
export function isDisposableDatabase(name: string): boolean {
  return DISPOSABLE_DATABASE.test(name);
}

/**
 * Empties every application table (keeps the migration history). Integration tests call it
 * in beforeEach; they run against the database named by DATABASE_URL. Throws, touching
 * nothing, unless the connected database's name marks it as a test or bench database.
 */
export async function truncateAll(db: PrismaClient): Promise<void> {
  const [current] = await db.$queryRawUnsafe<Array<{ name: string }>>("select current_database()::text as name");
  if (!current || !isDisposableDatabase(current.name)) {
    throw new Error(`truncateAll refuses to empty database "${current?.name}": its name must contain _test or _bench (set DATABASE_URL)`);
  }
  const rows = await applicationTables(db);
  if (!rows.length) return;
  // Only the tables holding rows: TRUNCATE swaps every named table's and index's files, about
  // 120 ms for all 40 tables however little they hold, and a test leaves most of them empty.
  // CASCADE still empties whatever references a truncated table. (No table has a sequence to restart.)
  const filled = await db.$queryRawUnsafe<Array<{ tablename: string }>>(
    rows.map((r) => `SELECT '${r.tablename}'::text AS tablename WHERE EXISTS (SELECT 1 FROM "${r.tablename}")`).join(" UNION ALL "),
  );
  if (!filled.length) return;
  await db.$executeRawUnsafe(`TRUNCATE ${filled.map((r) => `"${r.tablename}"`).join(", ")} CASCADE`);
}

/** The application's tables (every table of the schema but Prisma's migration history). */
export function applicationTables(db: PrismaClient): Promise<Array<{ tablename: string }>> {
  return db.$queryRawUnsafe<Array<{ tablename: string }>>(
    "select tablename::text as tablename from pg_tables where schemaname = current_schema() and tablename <> '_prisma_migrations'",
  );
}
