/**
 * `npm run bench:cli`: wall time of the built `arena` command, end to end as a user runs it
 * (`node apps/cli/bin/arena.mjs ...`: process start, module loading, the work, exit). Builds the
 * CLI first when the build is missing or stale. Times `arena --help`, `arena tree list` (on
 * DATABASE_URL) and `arena ratings` on 1,000,000 battles with 1,000 bootstrap rounds (a seeded file
 * generated once under var/bench-cli/), several runs each, and prints median and min against the
 * targets (0.3 s, 0.7 s, 1.5 s).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, renameSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Rng } from "@arena/core";

const REPO = fileURLToPath(new URL("../", import.meta.url));
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

function time(args: string[]): number {
  const t0 = performance.now();
  const run = spawnSync(process.execPath, ["apps/cli/bin/arena.mjs", ...args], { cwd: REPO, env: process.env, stdio: ["ignore", "ignore", "pipe"] });
  const ms = performance.now() - t0;
  if (run.status !== 0) throw new Error(`arena ${args.join(" ")} exited ${run.status}: ${run.stderr.toString().slice(0, 500)}`);
  return ms;
}

if (spawnSync(process.execPath, ["scripts/build-apps.mjs", "--check"], { cwd: REPO }).status !== 0) {
  console.log("building the CLI (its build was missing or stale)");
  execFileSync(process.execPath, ["scripts/build-apps.mjs"], { cwd: REPO, stdio: "inherit" });
}
const file = await battlesFile();

const cases = [
  { name: "arena --help", args: ["--help"], runs: 7, targetS: 0.3 },
  { name: "arena tree list", args: ["tree", "list"], runs: 7, targetS: 0.7 },
  { name: "arena ratings (1M battles, 1,000 bootstrap rounds)", args: ["ratings", "--input", file, "--bootstrap", "1000", "--json"], runs: 5, targetS: 1.5 },
];

console.log(`arena CLI, wall time per run (node ${process.version}, ${process.env.DATABASE_URL ?? "default DATABASE_URL"} for tree list)`);
for (const c of cases) {
  time(c.args); // warm the file cache
  const runs = Array.from({ length: c.runs }, () => time(c.args)).sort((a, b) => a - b);
  const median = runs[Math.floor(runs.length / 2)]! / 1000;
  const min = runs[0]! / 1000;
  const verdict = median <= c.targetS ? "meets" : "misses";
  console.log(`${c.name.padEnd(52)} median ${median.toFixed(2)} s  min ${min.toFixed(2)} s  (${c.runs} runs; target ≤ ${c.targetS} s: ${verdict})`);
}
