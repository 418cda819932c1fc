/**
 * `npm run bench:play-health [-- --agents 100 --rounds 100000 --runs 7]`: how long
 * readAgentRoundErrors (each agent's recent rounds, behind every "failing" status on the public
 * agent list, the owners' pages and pairing) takes for every agent of an arena with that many stored
 * rounds, on a database of its own. Rounds are spread evenly over the agents' matches (five per
 * match, one in ten a seat error); the figures are the median and range of `--runs` timed reads after
 * one warm-up, and the answer is compared with every agent's newest rounds computed here from all
 * rows, so a faster read that answers differently shows.
 */
import { parseArgs } from "node:util";
import { readAgentRoundErrors, RECENT_ROUNDS } from "../packages/agents/src/play-health";
import { createPrisma } from "@arena/db";
import { truncateAll } from "@arena/db/testing";
import { heuristicExaminerConfig } from "@arena/match";
import { importWorld } from "@arena/trees";
import { useBenchDatabase } from "./database";

const { values } = parseArgs({
  options: {
    agents: { type: "string", default: "100" },
    rounds: { type: "string", default: "100000" },
    runs: { type: "string", default: "7" },
  },
});
const AGENTS = Number(values.agents);
const ROUNDS = Number(values.rounds);
const RUNS = Number(values.runs);
const ROUNDS_PER_MATCH = 5;

useBenchDatabase("arena_bench_play_health");
const db = createPrisma();

async function seed(): Promise<string[]> {
  await truncateAll(db);
  const world = await importWorld(db, { seed: "bench-play-health", hubs: 1, entities: 2 });
  const config = await heuristicExaminerConfig(db);
  const agents = await db.agent.createManyAndReturn({
    data: Array.from({ length: AGENTS }, (_, k) => ({
      name: `bench-agent-${k}`,
      protocol: "simulated" as const,
      config: {},
      status: "healthy" as const,
    })),
    select: { id: true },
  });
  const ids = agents.map((a) => a.id);
  const matches = Math.ceil(ROUNDS / ROUNDS_PER_MATCH);
  // Match g pairs agent g mod n with agent (g + 1 + g div n) mod n (never itself), a minute apart.
  await db.$executeRaw`
    INSERT INTO "Match" (id, "treeId", "agentAId", "agentBId", "examinerConfigId", "examinerMode", seed, status, rounds, "createdAt")
    SELECT 'bm' || g, ${world.trees[0]!.id}, (${ids}::text[])[1 + g % ${AGENTS}],
           (${ids}::text[])[1 + (g + 1 + (g / ${AGENTS}) % (${AGENTS} - 1)) % ${AGENTS}],
           ${config.id}, 'heuristic', 'bench-' || g, 'completed', ${ROUNDS_PER_MATCH}, now() - interval '1 minute' * (${matches} - g)
    FROM generate_series(0, ${matches - 1}) g`;
  await db.$executeRaw`
    INSERT INTO "Round" (id, "matchId", number, depth, width, "pathNodeIds", "pathUrls", "scoreA", "scoreB", "examinerMode", "errorA", "errorB", "errorDetailA", "createdAt")
    SELECT 'br' || g || '_' || k, 'bm' || g, k, 1, 1, '[]', '[]', 0, 0, 'heuristic',
           CASE WHEN (g * 7 + k) % 10 = 0 THEN 'timeout' END, CASE WHEN (g * 3 + k) % 10 = 0 THEN 'http_status' END,
           CASE WHEN (g * 7 + k) % 10 = 0 THEN 'no answer within 60 s' END,
           now() - interval '1 minute' * (${matches} - g) + interval '1 second' * k
    FROM generate_series(0, ${matches - 1}) g, generate_series(1, ${ROUNDS_PER_MATCH}) k`;
  await db.$executeRaw`ANALYZE`;
  return ids;
}

/** Every agent's newest RECENT_ROUNDS rounds from all rows: what any read must find. */
async function exhaustive(): Promise<Map<string, string>> {
  const rows = await db.$queryRaw<{ agentId: string; errors: string }[]>`
    SELECT "agentId", string_agg(coalesce(error, '-'), ',' ORDER BY at DESC, number DESC) AS errors FROM (
      SELECT s."agentId", r."createdAt" AS at, r.number, CASE WHEN s.seat = 'A' THEN r."errorA" ELSE r."errorB" END AS error,
             row_number() OVER (PARTITION BY s."agentId" ORDER BY r."createdAt" DESC, r.number DESC) AS k
      FROM (SELECT id, "agentAId" AS "agentId", 'A' AS seat FROM "Match" UNION ALL SELECT id, "agentBId", 'B' FROM "Match") s
      JOIN "Round" r ON r."matchId" = s.id
    ) x WHERE k <= ${RECENT_ROUNDS} GROUP BY "agentId"`;
  return new Map(rows.map((r) => [r.agentId, r.errors]));
}

const started = performance.now();
const ids = await seed();
console.log(
  `seeded ${AGENTS} agents, ${ROUNDS} rounds in ${Math.ceil(ROUNDS / ROUNDS_PER_MATCH)} matches (${((performance.now() - started) / 1000).toFixed(1)} s)`,
);

const truth = await exhaustive();
const first = await readAgentRoundErrors(db, { agentIds: ids });
const agree = first.every((a) => {
  const errors = (truth.get(a.agentId) ?? "").split(",").filter((e) => e !== "-");
  return a.rounds === Math.min(RECENT_ROUNDS, (truth.get(a.agentId) ?? "").split(",").length) && a.errors === errors.length;
});
const ms: number[] = [];
for (let k = 0; k < RUNS; k++) {
  const t = performance.now();
  await readAgentRoundErrors(db, { agentIds: ids });
  ms.push(performance.now() - t);
}
ms.sort((a, b) => a - b);
console.log(
  `readAgentRoundErrors, ${AGENTS} agents: median ${ms[Math.floor(RUNS / 2)]!.toFixed(1)} ms (min ${ms[0]!.toFixed(1)}, max ${ms[RUNS - 1]!.toFixed(1)}) over ${RUNS} runs`,
);
console.log(`same rounds and error counts as every agent's newest ${RECENT_ROUNDS} rounds from all rows: ${agree ? "yes" : "NO"}`);
await db.$disconnect();
