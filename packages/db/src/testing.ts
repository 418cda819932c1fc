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
  const rows = await db.$queryRawUnsafe<Array<{ tablename: string }>>(
    "select tablename::text as tablename from pg_tables where schemaname = current_schema() and tablename <> '_prisma_migrations'",
  );
  if (!rows.length) return;
  const list = rows.map((r) => `"${r.tablename}"`).join(", ");
  await db.$executeRawUnsafe(`TRUNCATE ${list} RESTART IDENTITY CASCADE`);
}
