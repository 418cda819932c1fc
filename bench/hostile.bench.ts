/**
 * `npm run bench:hostile`: what a hostile agent or crawled page costs the process that serves
 * it (docs/security.md), and a hostile topic source (a feed or sitemap nested 200,000 deep, a candidate URL
 * a crawl refuses). For each attack: the longest event-loop stall while it runs (perf_hooks
 * monitorEventLoopDelay, 10 ms resolution), its wall time, and the wall time of a well-behaved
 * match run beside it; next to the same figures for a well-behaved agent or page. Matches run
 * in this process as in a worker (heuristic examiner, PostgreSQL, the guarded client), so the
 * stall is the one a worker would see. Uses its own database (arena_bench_hostile).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { startHostileAgent } from "../tests/servers/hostile-agent-server";
import { useBenchDatabase } from "./database";
import { drArenaTreePath } from "@arena/dr-arena-trees";

useBenchDatabase("arena_bench_hostile");

const { createPrisma } = await import("@arena/db");
const { truncateAll } = await import("@arena/db/testing");
const { importTreeFile, webPageFetcher } = await import("@arena/trees");
const { createMatch, heuristicExaminerConfig, matchDeps, runMatch } = await import("@arena/match");

const db = createPrisma();
await truncateAll(db);
const tree = await importTreeFile(db, await drArenaTreePath("tree_0025.json"));
const examinerConfigId = (await heuristicExaminerConfig(db)).id;
const agent = await startHostileAgent();

interface Measured {
  wallMs: number;
  stallMs: number;
  outcome: string;
}

/** Runs `work` with the event-loop delay monitor on; the stall is the longest delay seen. */
async function measured(work: () => Promise<string>): Promise<Measured> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const outcome = await work();
  const wallMs = performance.now() - started;
  delay.disable();
  return { wallMs, stallMs: delay.max / 1e6, outcome };
}

let serial = 0;
/** One match: the agent at `path` in seat A against a planted-skill opponent. */
async function match(path: string): Promise<string> {
  const n = ++serial;
  const a = await db.agent.create({
    data: { name: `a${n}${path}`, protocol: "arena_http", endpoint: agent.url(path), config: { timeoutMs: 10_000 }, status: "healthy" },
  });
  const b = await db.agent.create({
    data: { name: `b${n}`, protocol: "simulated", config: { p_depth: 0.8, p_width: 0.8 }, status: "healthy" },
  });
  const m = await createMatch(db, { treeId: tree.id, agentAId: a.id, agentBId: b.id, examinerConfigId, seed: `bench-${n}` });
  const result = await runMatch(db, m.id, await matchDeps(db, m.id, { allow: [agent.hostPort] }));
  const rounds = await db.round.findMany({ where: { matchId: m.id }, select: { errorA: true } });
  const errors = [...new Set(rounds.map((r) => r.errorA ?? "answered"))].join("/");
  return `${result.winner ?? "none"} wins, ${result.rounds} rounds, A ${errors}`;
}

/** The attack, and a well-behaved match started beside it. */
async function besideCalm(attack: () => Promise<string>): Promise<Measured & { calmMs: number }> {
  let calmMs = 0;
  const result = await measured(async () => {
    const calm = (async () => {
      const started = performance.now();
      await match("/calm");
      calmMs = performance.now() - started;
    })();
    const outcome = await attack();
    await calm;
    return outcome;
  });
  return { ...result, calmMs };
}

// Hostile pages, served from this process (serving a string costs nothing worth measuring).
const PAGES: Record<string, string> = {
  "/calm": `<html><head><title>Calm</title></head><body><h1>Calm</h1>${"<p>An ordinary paragraph of text about bread. </p>".repeat(200)}</body></html>`,
  "/nested": `<html><head><title>Nested</title></head><body>${"<ul><li>".repeat(4_800)}deep${"</li></ul>".repeat(4_800)}</body></html>`,
  "/unclosed": `<html><body>${"<div>".repeat(100_000)}x</body></html>`,
  "/huge": `<html><body>${"<p>word word word word</p>".repeat(150_000)}</body></html>`,
  "/labels": `<html><head><title>\u001b]0;owned\u0007${"A.".repeat(31_000)}</title><meta name="description" content="${"1,".repeat(31_000)}"></head><body><p>x</p></body></html>`,
};
const site = createServer((req, res) => {
  const page = PAGES[(req.url ?? "/").split("?")[0]!];
  if (req.url === "/robots.txt" || !page) return void res.writeHead(404).end();
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
});
await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
const fetchPage = webPageFetcher({ allow: [new URL(siteUrl).host], perHostDelayMs: 0, retries: 0 });

async function crawl(path: string): Promise<string> {
  try {
    const page = await fetchPage(`${siteUrl}${path}`);
    return `extracted: content ${page.content.length} chars, title ${page.title?.length ?? 0}, description ${page.description?.length ?? 0}`;
  } catch (err) {
    return `failed: ${(err as Error).message}`;
  }
}

// Hostile topic sources: a feed or sitemap is fetched through the guarded client and read on the
// parsing thread with a nesting bound; a candidate a crawl would refuse is skipped by the run.
const { addSource, runSchedule, setSchedule, sourceCandidates } = await import("@arena/trees/sources");
const SOURCE_DOCS: Record<string, string> = {
  "/calm-sitemap.xml": `<?xml version="1.0"?><urlset>${Array.from({ length: 2_000 }, (_, i) => `<url><loc>https://calm.example/p${i}</loc></url>`).join("")}</urlset>`,
  "/deep-sitemap.xml": `<?xml version="1.0"?><urlset><url><loc>https://deep.example/</loc></url>${"<u>".repeat(200_000)}</urlset>`,
  "/deep-feed.xml": `<?xml version="1.0"?><rss><channel><item><link>https://deep.example/a</link></item>${"<x>".repeat(200_000)}</channel></rss>`,
  "/long-url-feed.xml": `<rss><channel><item><link>https://long.example/${"x".repeat(2_100)}</link></item><item><link>https://long.example/ok</link></item></channel></rss>`,
};
const sourceSite = createServer((req, res) => {
  const doc = SOURCE_DOCS[(req.url ?? "/").split("?")[0]!];
  if (!doc) return void res.writeHead(404).end();
  res.writeHead(200, { "content-type": "application/xml" }).end(doc);
});
await new Promise<void>((resolve) => sourceSite.listen(0, "127.0.0.1", resolve));
const sourceUrl = `http://127.0.0.1:${(sourceSite.address() as AddressInfo).port}`;

async function readSource(kind: "feed" | "sitemap", path: string): Promise<string> {
  try {
    const found = await sourceCandidates({ kind, value: `${sourceUrl}${path}` }, 10_000, { allow: [new URL(sourceUrl).host] });
    return `${found.length} candidates`;
  } catch (err) {
    return `refused: ${(err as Error).message}`;
  }
}

/** A scheduled run whose only source is the long-URL feed: the run completes and counts the bad candidate. */
async function scheduledRun(): Promise<string> {
  await db.allowedHost.upsert({ where: { pattern: new URL(sourceUrl).host }, create: { pattern: new URL(sourceUrl).host }, update: {} });
  await db.topicSource.deleteMany({});
  await db.crawlJob.deleteMany({});
  await addSource(db, { kind: "feed", value: `${sourceUrl}/long-url-feed.xml` });
  await setSchedule(db, { treesPerRun: 2 });
  try {
    const run = await runSchedule(db);
    return `run completed: ${run.sources.map((o) => `${o.found} found, ${o.taken} taken, ${o.invalid} invalid skipped`).join("; ")}`;
  } catch (err) {
    return `run failed: ${(err as Error).name}`;
  }
}

const SOURCE_CASES: Array<[string, () => Promise<string>]> = [
  [`sitemap calm (${(SOURCE_DOCS["/calm-sitemap.xml"]!.length / 1024).toFixed(0)} KB)`, () => readSource("sitemap", "/calm-sitemap.xml")],
  [
    `sitemap 200,000 deep (${(SOURCE_DOCS["/deep-sitemap.xml"]!.length / 1024).toFixed(0)} KB)`,
    () => readSource("sitemap", "/deep-sitemap.xml"),
  ],
  [`feed 200,000 deep (${(SOURCE_DOCS["/deep-feed.xml"]!.length / 1024).toFixed(0)} KB)`, () => readSource("feed", "/deep-feed.xml")],
  ["feed with a 2,100-char URL", scheduledRun],
];

// Hostile provider answers (OpenAI-compatible, Responses, Anthropic, Gemini), served raw over HTTP
// and read by the adapters in this process as a match worker reads them. The outcome names the
// class and the blocking bounded by the process's CPU time (the stall column is wall time, which
// on a shared machine also counts waiting for a core).
const { startRawProvider } = await import("../tests/servers/raw-provider-server");
const pb = await import("../packages/agents/test/provider-bodies");
const provider = await startRawProvider();
const pastEnd = (n: number, at: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => ({
    type: "url_citation",
    url_citation: { url: `https://s.example/${i}`, title: "t", start_index: at(i), end_index: at(i) + 9 },
  }));
const zeros = (n: number) => pb.anthropicBody([{ type: "text", text: "NEC sold the PC Engine in 1990." }, ...new Array(n).fill(0)]);
const PROVIDER_CASES: Array<[string, import("../packages/agents/test/provider-bodies").Protocol, string]> = [
  ["openai calm", "openai", JSON.stringify(pb.chatBody("NEC sold the PC Engine in 1990 [1].\n\n[1] https://one.example/"))],
  [
    "openai 400k chars 20k ann",
    "openai",
    JSON.stringify(pb.chatBody("word ".repeat(80_000), { annotations: pastEnd(20_000, (i) => 400_001 + i) })),
  ],
  [
    "openai 29k chars 20k ann",
    "openai",
    JSON.stringify(pb.chatBody("A claim about consoles. ".repeat(1_200), { annotations: pastEnd(20_000, (i) => (i * 7) % 28_000) })),
  ],
  [
    "openai 130k ref lines",
    "openai",
    JSON.stringify(
      pb.chatBody(`Claim.\n\n## References\n${Array.from({ length: 130_000 }, (_, i) => `[${i + 1}] https://r.example/${i}`).join("\n")}`, {
        annotations: pastEnd(1, () => 0),
      }),
    ),
  ],
  [
    "responses 20k annotations",
    "openai_responses",
    JSON.stringify(
      pb.responsesBody([
        pb.outputMessage(
          "Text. ".repeat(5_000),
          pastEnd(20_000, (i) => i).map((a) => ({ type: "url_citation", ...a.url_citation })),
        ),
      ]),
    ),
  ],
  ["anthropic 1M zeros", "anthropic", JSON.stringify(zeros(1_000_000))],
  ["anthropic 500k zeros", "anthropic", JSON.stringify(zeros(500_000))],
  [
    "anthropic input 50k deep",
    "anthropic",
    JSON.stringify(
      pb.anthropicBody([
        { type: "server_tool_use", id: "t1", name: "code", input: "DEEP" },
        { type: "text", text: "ok" },
      ]),
    ).replace('"DEEP"', `${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}`),
  ],
  [
    "gemini 20k supports",
    "gemini",
    JSON.stringify(
      pb.geminiBody([{ text: "Grounded text. ".repeat(4_000) }], {
        groundingChunks: [{ web: { uri: "https://one.example/" } }],
        groundingSupports: Array.from({ length: 20_000 }, (_, i) => ({
          segment: { startIndex: 70_000 + i, endIndex: 70_010 + i, text: `missing ${i}` },
          groundingChunkIndices: [0],
        })),
      }),
    ),
  ],
];

async function providerAnswer(protocol: import("../packages/agents/test/provider-bodies").Protocol, body: string): Promise<string> {
  provider.answerWith(body);
  const { value, stallMs } = await pb.longestStall(() =>
    pb
      .adapterAt(protocol, provider.baseUrl, provider.host)
      .answer({ question: "q", wordLimitInstruction: "w", history: [] }, { seed: "bench" }),
  );
  const dropped = value.trace?.dropped ? `, dropped ${value.trace.dropped.citations} citations / ${value.trace.dropped.items} items` : "";
  return `${value.error ? value.error.class : "answered"}${dropped}; blocked ${stallMs.toFixed(0)} ms (CPU-bounded)`;
}

const rows: Array<[string, Measured & { calmMs: number }]> = [];
// Warm-up: JIT, the extraction thread, the examiner's memos.
await match("/calm");
await crawl("/calm");
const calmAlone = await measured(() => match("/calm"));
console.log(
  `hostile bench (tree ${tree.rootUrl}); a well-behaved match alone: ${calmAlone.wallMs.toFixed(0)} ms, longest stall ${calmAlone.stallMs.toFixed(0)} ms\n`,
);

for (const path of ["/calm", "/freeze", "/overflow", "/unstorable"]) rows.push([`agent ${path}`, await besideCalm(() => match(path))]);
for (const path of Object.keys(PAGES))
  rows.push([`page ${path} (${(PAGES[path]!.length / 1024).toFixed(0)} KB)`, await besideCalm(() => crawl(path))]);
await readSource("sitemap", "/calm-sitemap.xml"); // warm-up: the parsing thread loads the source reader
for (const [label, attack] of SOURCE_CASES) rows.push([label, await besideCalm(attack)]);
await providerAnswer("openai", PROVIDER_CASES[0]![2]); // warm-up: the provider SDKs load
for (const [label, protocol, body] of PROVIDER_CASES)
  rows.push([label, await besideCalm(async () => `${(body.length / 1e6).toFixed(1)} MB: ${await providerAnswer(protocol, body)}`)]);

console.log(`${"attack".padEnd(26)} ${"stall ms".padStart(9)} ${"wall ms".padStart(8)} ${"calm match ms".padStart(14)}  outcome`);
for (const [label, r] of rows) {
  console.log(
    `${label.padEnd(26)} ${r.stallMs.toFixed(0).padStart(9)} ${r.wallMs.toFixed(0).padStart(8)} ${r.calmMs.toFixed(0).padStart(14)}  ${r.outcome}`,
  );
}

await agent.close();
site.close();
sourceSite.close();
await provider.close();
await db.$disconnect();
