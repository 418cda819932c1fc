// Database administration that psql would do, without needing psql:
//   node scripts/db-admin.mjs ping            exit 0 when the server answers
//   node scripts/db-admin.mjs create A B ...  create databases that do not exist yet
import pg from "pg";

const url = new URL(process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/arena");
const client = new pg.Client({
  host: url.hostname,
  port: Number(url.port || 5432),
  user: decodeURIComponent(url.username || "postgres"),
  password: url.password ? decodeURIComponent(url.password) : undefined,
  database: "postgres",
  connectionTimeoutMillis: 3000,
});

const [cmd, ...names] = process.argv.slice(2);
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
  } else if (cmd !== "ping") {
    throw new Error(`unknown command ${cmd}`);
  }
} finally {
  await client.end();
}
