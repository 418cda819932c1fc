import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * Points DATABASE_URL at a benchmark's own database (same server as DATABASE_URL, or the local
 * default), creating and migrating it when needed, and returns its URL. Benchmarks never run
 * against the developer's `arena` database. `url` overrides the whole URL.
 */
export function useBenchDatabase(name: string, url?: string): string {
  const server = (process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/arena").replace(/\/[^/]*$/, "");
  const target = url ?? `${server}/${name}`;
  const env = { ...process.env, DATABASE_URL: target };
  execFileSync(process.execPath, ["scripts/db-admin.mjs", "create", decodeURIComponent(new URL(target).pathname.slice(1))], {
    cwd: ROOT,
    env,
    stdio: "ignore",
  });
  execFileSync("npx", ["prisma", "migrate", "deploy"], { cwd: ROOT, env, stdio: "ignore" });
  process.env.DATABASE_URL = target;
  return target;
}
