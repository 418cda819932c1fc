/**
 * Sandbox search benchmark: stores a synthetic world of ≥ 20,000 pages in the `arena_bench`
 * database (created and migrated when missing; no other database is touched), runs a few
 * hundred varied queries through `searchPages`, and prints latency percentiles (target:
 * p95 ≤ 50 ms) and index sizes. Re-runs reuse the stored world (importWorld is idempotent).
 *   npm run bench:search            BENCH_DATABASE_URL overrides the bench database URL
 */
import { createPrisma } from "@arena/db";
import { generateWorld, importWorld, scaleParams, searchPages, type World } from "@arena/trees";
import { useBenchDatabase } from "./database";

const SEED = "bench";
const PAGES = 20_000;
const QUERIES = 300;

/** Deterministic mix: names, attribute phrases, multi-word topics, quoted phrases, misses. */
function queries(world: World): string[] {
  const truth = world.trees.flatMap((t) => t.truth);
  const pick = (i: number) => truth[(i * 7919) % truth.length]!;
  const out: string[] = [];
  for (let i = 0; out.length < QUERIES; i++) {
    const t = pick(i);
    const attrs = Object.values(t.attributes);
    switch (i % 6) {
      case 0:
        out.push(t.name);
        break;
      case 1:
        out.push(`"${t.name}"`);
        break;
      case 2:
        out.push(`${t.kind === "person" ? "engineer" : "history"} ${String(attrs[1] ?? "")}`);
        break;
      case 3:
        out.push(
          [
            "lighthouse fog bell",
            "observatory refractor altitude",
            "garden orchids glasshouses",
            "bridge arches granite",
            "museum textiles visitors",
          ][i % 5]!,
        );
        break;
      case 4:
        out.push(`${t.name.split(" ")[0]} ${String(attrs.at(-1) ?? "")}`.slice(0, 200));
        break;
      default:
        out.push(`zzunknown${i} -nothing`);
    }
  }
  return out;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  const db = createPrisma(useBenchDatabase("arena_bench", process.env.BENCH_DATABASE_URL));
  try {
    const params = scaleParams(SEED, PAGES);
    const t0 = performance.now();
    const stored = await importWorld(db, params);
    const importMs = performance.now() - t0;
    const nodes = stored.trees.reduce((s, t) => s + t.nodes, 0);
    console.log(`world: ${stored.pages} distinct pages, ${nodes} nodes in ${stored.trees.length} trees`);
    console.log(stored.reused ? "world already stored (reused)" : `imported in ${(importMs / 1000).toFixed(1)} s`);

    const qs = queries(generateWorld(params));
    for (const q of qs.slice(0, 20)) await searchPages(db, q, 10); // warm caches
    const times: number[] = [];
    let hits = 0;
    for (const q of qs) {
      const start = performance.now();
      const results = await searchPages(db, q, 10);
      times.push(performance.now() - start);
      if (results.length) hits++;
    }
    times.sort((a, b) => a - b);
    const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
    console.log(`queries: ${qs.length} (${hits} with results), k = 10`);
    console.log(
      `latency: p50 ${fmt(percentile(times, 50))}, p95 ${fmt(percentile(times, 95))}, p99 ${fmt(percentile(times, 99))}, max ${fmt(times.at(-1)!)}`,
    );
    const [size] = await db.$queryRaw<Array<{ gin: string; column: string; table: string }>>`
      SELECT pg_size_pretty(pg_relation_size('"Node_search_idx"')) AS gin,
             pg_size_pretty(sum(pg_column_size(search))::bigint) AS column,
             pg_size_pretty(pg_total_relation_size('"Node"')) AS table
      FROM "Node"`;
    console.log(`index: GIN ${size!.gin}; tsvector column ${size!.column}; Node table with indexes ${size!.table}`);
  } finally {
    await db.$disconnect();
  }
}

await main();
