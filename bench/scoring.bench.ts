/**
 * `npm run bench:scoring`: offline report scoring throughput. The built-in agents play matches
 * under the heuristic examiner on DR-Arena trees (their answers cite sandbox pages, as real
 * agents cite the web); then every round is scored through a BullMQ `scoring` queue with 4
 * concurrent jobs, cited pages read from the sandbox corpus through one shared content cache.
 * Prints rounds scored per second for a cold pass (empty page cache, first scores written) and a
 * warm pass (rescoring: cached pages, the same rows rewritten). Uses its own database
 * (arena_bench_scoring) and queue prefix; touches nothing else.
 */
import { useBenchDatabase } from "./database";
import { DR_ARENA_TREE_FILES, drArenaTreesDir } from "@arena/dr-arena-trees";

useBenchDatabase("arena_bench_scoring");
process.env.ARENA_QUEUE_PREFIX = `bench-scoring-${process.pid}`;
const MATCHES = Number(process.env.BENCH_MATCHES ?? 6);
const CONCURRENCY = 4;

const { Worker, QueueEvents } = await import("bullmq");
const { createPrisma } = await import("@arena/db");
const { truncateAll } = await import("@arena/db/testing");
const { createQueue, createRedis, enqueue, keyPrefix, parsePayload } = await import("@arena/jobs");
const { ensureBuiltinAgents } = await import("@arena/agents");
const { importTreeFile, startSandboxServer } = await import("@arena/trees");
const { createMatch, heuristicExaminerConfig, matchDeps, runMatch } = await import("@arena/match");
const { cachedPages, pageFetcherFor, scoreRound } = await import("@arena/scoring");

const db = createPrisma();
await truncateAll(db);
const dir = await drArenaTreesDir();
const files = DR_ARENA_TREE_FILES.slice(0, 3);
const trees = [];
for (const f of files) trees.push(await importTreeFile(db, dir + f));
const sandbox = await startSandboxServer(db, { port: 0 });
const [extractive, researcher] = await ensureBuiltinAgents(db);
const config = await heuristicExaminerConfig(db);

let started = performance.now();
for (let i = 0; i < MATCHES; i++) {
  const [a, b] = i % 2 ? [researcher!, extractive!] : [extractive!, researcher!];
  const m = await createMatch(db, {
    treeId: trees[i % trees.length]!.id,
    agentAId: a.id,
    agentBId: b.id,
    examinerConfigId: config.id,
    seed: `bench-${i}`,
  });
  await runMatch(db, m.id, await matchDeps(db, m.id, { sandboxUrl: sandbox.url, allow: [new URL(sandbox.url).host] }));
}
const rounds = (await db.round.findMany({ where: { voided: false, question: { not: null } }, select: { id: true } })).map((r) => r.id);
console.log(`setup: ${MATCHES} matches, ${rounds.length} rounds played in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const redis = createRedis();
const queue = createQueue("scoring", redis);
// BullMQ leaves connections it is given open: these are closed at the end.
const connections = [createRedis(), createRedis()];
const events = new QueueEvents("scoring", { connection: connections[0]!, prefix: keyPrefix() });
const deps = { mode: "offline" as const, pages: cachedPages(pageFetcherFor({ kind: "corpus", db })) };
const worker = new Worker("scoring", async (job) => scoreRound(db, parsePayload("scoring", job.data).roundId, deps), {
  connection: connections[1]!,
  prefix: keyPrefix(),
  concurrency: CONCURRENCY,
});

async function pass(label: string): Promise<void> {
  await queue.obliterate({ force: true });
  let done = 0;
  const finished = new Promise<void>((resolve, reject) => {
    events.on("completed", () => ++done === rounds.length && resolve());
    events.on("failed", ({ failedReason }) => reject(new Error(failedReason)));
  });
  started = performance.now();
  for (const roundId of rounds) await enqueue(queue, "scoring", { roundId });
  await finished;
  events.removeAllListeners();
  const seconds = (performance.now() - started) / 1000;
  const rows = await db.reportScore.count();
  console.log(
    `${label}: ${rounds.length} rounds in ${seconds.toFixed(2)} s = ${(rounds.length / seconds).toFixed(1)} rounds/s (${CONCURRENCY} concurrent jobs; ${rows} score rows)`,
  );
}

await events.waitUntilReady();
await pass("cold (empty page cache)");
await pass("warm (cached pages, rows rewritten)");

await worker.close();
await events.close();
await queue.obliterate({ force: true });
await queue.close();
redis.disconnect();
for (const c of connections) c.disconnect();
await sandbox.close();
await db.$disconnect();
