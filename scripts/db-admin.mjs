// Database administration that psql would do, without needing psql:
//   node scripts/db-admin.mjs ping            exit 0 when the server answers
//   node scripts/db-admin.mjs create A B ...  create databases that do not exist yet
//   node scripts/db-admin.mjs migrated        exit 0 when DATABASE_URL's database has every migration of
//                                             prisma/migrations applied and none failed (else 3)
import { existsSync, readdirSync } from "node:fs";
import pg from "pg";

const [cmd, ...names] = process.argv.slice(2);
const url = new URL(process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/arena");
const client = new pg.Client({
  host: url.hostname,
  port: Number(url.port || 5432),
  user: decodeURIComponent(url.username || "postgres"),
  password: url.password ? decodeURIComponent(url.password) : undefined,
  // `migrated` reads DATABASE_URL's own database; the others work from the server's `postgres`.
  database: cmd === "migrated" ? decodeURIComponent(url.pathname.slice(1)) : "postgres",
  connectionTimeoutMillis: 3000,
});

const MIGRATIONS = new URL("../prisma/migrations/", import.meta.url);

/**
 * Whether `prisma migrate deploy` would have nothing to do: every migration folder recorded as
 * finished and none failed. The scripts skip the CLI then: it spends about 12 s (2 s of work, then
 * a timer of its own keeps it alive) to say "No pending migrations".
 */
async function migrated() {
  const wanted = readdirSync(MIGRATIONS).filter((name) => existsSync(new URL(`${name}/migration.sql`, MIGRATIONS)));
  const { rows: table } = await client.query("select to_regclass('_prisma_migrations') is not null as present");
  if (!table[0].present) return false;
  const { rows } = await client.query("select migration_name, finished_at, rolled_back_at from _prisma_migrations");
  if (rows.some((r) => r.finished_at === null && r.rolled_back_at === null)) return false; // a failed one: let the CLI say so
  const done = new Set(rows.filter((r) => r.finished_at !== null && r.rolled_back_at === null).map((r) => r.migration_name));
  return wanted.every((name) => done.has(name));
}

await client.connect();
try {
  if (cmd === "create") {
    for (const name of names) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
      const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
      if (!rowCount) {
        await client.query(`create database ${name}`);
        console.error(`[arena] created database ${name}`);
      }
    }
  } else if (cmd === "migrated") {
    if (!(await migrated())) process.exitCode = 3;
  } else if (cmd !== "ping") {
    throw new Error(`unknown command ${cmd}`);
  }
} finally {
  await client.end();
}
