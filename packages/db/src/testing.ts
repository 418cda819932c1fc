import type { PrismaClient } from "./generated/client";

/**
 * Empties every application table (keeps the migration history). Integration tests call it
 * in beforeEach; they run against the database named by DATABASE_URL (arena_test by default).
 */
export async function truncateAll(db: PrismaClient): Promise<void> {
  const rows = await db.$queryRawUnsafe<Array<{ tablename: string }>>(
    "select tablename::text as tablename from pg_tables where schemaname = current_schema() and tablename <> '_prisma_migrations'",
  );
  if (!rows.length) return;
  const list = rows.map((r) => `"${r.tablename}"`).join(", ");
  await db.$executeRawUnsafe(`TRUNCATE ${list} RESTART IDENTITY CASCADE`);
}
