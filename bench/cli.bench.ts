/**
 * `npm run bench:cli`: wall time of the built `arena` command, end to end (`node
 * apps/cli/dist/main.mjs ...`: process start, module loading, the work, exit; the bin adds its
 * build-freshness check, ~8 ms, and would fall back to tsx if a source changed mid-benchmark).
 * Builds the CLI first when the build is missing or stale. Times `arena --help`, `arena tree list` (on
 * its own database arena_bench_cli, holding the 19 real trees) and `arena ratings` on 1,000,000 battles with 1,000 bootstrap rounds (a seeded file
 * generated once under var/bench-cli/), several runs each, and prints median and min against the
 * targets (0.3 s, 0.7 s, 1.5 s).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { Rng } from "@arena/core";
import { useBenchDatabase } from "./database";
import { drArenaTreesDir } from "@arena/dr-arena-trees";

const REPO = fileURLToPath(new URL("../", import.meta.url));
const SHARED_TREES = await drArenaTreesDir();
const DIR = `${REPO}var/bench-cli/`;
const BATTLES_FILE = `${DIR}battles-1m.jsonl`;
const AGENTS = 50;
const BATTLES = 1_000_000;
const TIE_RATE = 0.1;

/** The seeded battles file (50 agents with planted strengths, 10 % ties), written once. */
async function battlesFile(): Promise<string> {
  if (existsSync(BATTLES_FILE)) return BATTLES_FILE;
  mkdirSync(DIR, { recursive: true });
  const rng = Rng.fromSeed(20251125);
  const strengths = Array.from({ length: AGENTS }, () => (rng.float() - 0.5) * 3);
  const names = strengths.map((_, i) => `agent-${String(i).padStart(2, "0")}`);
  const tmp = `${BATTLES_FILE}.tmp`;
  const out = createWriteStream(tmp);
  let buffer = "";
  for (let n = 0; n < BATTLES; n++) {
    const a = rng.int(AGENTS);
    let b = rng.int(AGENTS - 1);
    if (b >= a) b++;
    const u = rng.float();
    const pA = (1 - TIE_RATE) / (1 + Math.exp(strengths[b]! - strengths[a]!));
    const winner = u < TIE_RATE ? "tie" : u < TIE_RATE + pA ? "model_a" : "model_b";
    buffer += `${JSON.stringify({ model_a: names[a], model_b: names[b], winner })}\n`;
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
      buffer = "";
    }
  }
  out.end(buffer);
  await new Promise<void>((resolve) => out.once("finish", () => resolve()));
  renameSync(tmp, BATTLES_FILE);
  return BATTLES_FILE;
}

/** `tree list` runs on the benchmark's own database, holding the 19 real trees (imported once). */
async function treesToList(): Promise<void> {
  useBenchDatabase("arena_bench_cli");
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM "Tree"');
  await client.end();
  if (Number(rows[0]!.n) > 0) return;
  console.log("importing the 19 real trees into arena_bench_cli");
  execFileSync(process.execPath, ["apps/cli/dist/main.mjs", "tree", "import", SHARED_TREES], {
    cwd: REPO,
    env: process.env,
    stdio: "ignore",
  });
}

/** GNU time gives the child's CPU time (user + system), which a busy machine distorts less than wall time. */
const GNU_TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;

/** One run: wall time and, with GNU time, CPU time (ms). */
function time(args: string[]): { wall: number; cpu: number | null } {
  const argv = [process.execPath, "apps/cli/dist/main.mjs", ...args];
  const t0 = performance.now();
  const run = GNU_TIME
    ? spawnSync(GNU_TIME, ["-f", "cpu %U %S", ...argv], { cwd: REPO, env: process.env, stdio: ["ignore", "ignore", "pipe"] })
    : spawnSync(argv[0]!, argv.slice(1), { cwd: REPO, env: process.env, stdio: ["ignore", "ignore", "pipe"] });
  const wall = performance.now() - t0;
  const stderr = run.stderr.toString();
  if (run.status !== 0) throw new Error(`arena ${args.join(" ")} exited ${run.status}: ${stderr.slice(0, 500)}`);
  const cpu = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(stderr);
  return { wall, cpu: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : null };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

if (spawnSync(process.execPath, ["scripts/build-apps.mjs", "--check"], { cwd: REPO }).status !== 0) {
  console.log("building the CLI (its build was missing or stale)");
  execFileSync(process.execPath, ["scripts/build-apps.mjs"], { cwd: REPO, stdio: "inherit" });
}
const file = await battlesFile();
await treesToList();

const cases = [
  { name: "arena --help", args: ["--help"], runs: 7, targetS: 0.3 },
  { name: "arena tree list", args: ["tree", "list"], runs: 7, targetS: 0.7 },
  {
    name: "arena ratings (1M battles, 1,000 bootstrap rounds)",
    args: ["ratings", "--input", file, "--bootstrap", "1000", "--json"],
    runs: 5,
    targetS: 1.5,
  },
];

const load = () => (existsSync("/proc/loadavg") ? readFileSync("/proc/loadavg", "utf8").split(" ")[0] : "?");
console.log(
  `arena CLI per run, end to end (node ${process.version}, ${cpus().length} cores, load average ${load()}; tree list on ${process.env.DATABASE_URL ?? "the default DATABASE_URL"})`,
);
for (const c of cases) {
  time(c.args); // warm the file cache
  const runs = Array.from({ length: c.runs }, () => time(c.args));
  const walls = runs.map((r) => r.wall / 1000);
  const cpus = runs.flatMap((r) => (r.cpu === null ? [] : [r.cpu / 1000]));
  const verdict = median(walls) <= c.targetS ? "meets" : "misses";
  const cpu = cpus.length ? `  CPU median ${median(cpus).toFixed(2)} s` : "";
  console.log(
    `${c.name.padEnd(52)} wall median ${median(walls).toFixed(2)} s, min ${Math.min(...walls).toFixed(2)} s${cpu}  (${c.runs} runs; target ≤ ${c.targetS} s: ${verdict})`,
  );
}
console.log(`load average after: ${load()}`);
