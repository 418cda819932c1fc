#!/usr/bin/env node
/**
 * A minimal agent speaking the arena HTTP protocol (dr-arena/1, docs/agent-protocol.md), with no
 * dependency but Node itself. It does no research: it answers every question in the format the
 * arena reads (statements with inline [n] markers, then a References section), citing the URLs
 * the question and the match's history contain, else a search for the question's words. Use it
 * to try registration, "Test endpoint" and a match locally; copy it to start a real agent.
 *
 *   node examples/echo-agent/server.mjs            # http://127.0.0.1:8787/answer
 *   PORT=0 node examples/echo-agent/server.mjs     # any free port (printed)
 *   AGENT_TOKEN=s3cret node examples/echo-agent/server.mjs   # require "Authorization: Bearer s3cret"
 *
 * Routes: POST /answer (the question), GET /answer/health (the arena's health check).
 */
import { createServer } from "node:http";

const PORT = Number(process.env.PORT ?? 8787);
const HOST = process.env.HOST ?? "127.0.0.1";
const TOKEN = process.env.AGENT_TOKEN ?? "";
/** Bodies larger than this are refused: a request is a question and a short history. */
const MAX_BODY = 1_000_000;
const URL_IN_TEXT = /https?:\/\/[^\s<>()"'\]]+[^\s<>()"'\].,;:!?]/g;

function send(res, status, body) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function readJson(req) {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks = [];
    req.on("data", (c) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error("request too large"));
        req.destroy();
      } else chunks.push(c);
    });
    req.on("end", () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch {
        reject(new Error("request body is not JSON"));
      }
    });
    req.on("error", reject);
  });
}

/** The sources to cite: URLs in the question and history (first five), else a search for its words. */
function sourcesFor(question, history) {
  const text = [question, ...history.flatMap((h) => [h.question, h.answer])].join("\n");
  const urls = [...new Set(text.match(URL_IN_TEXT) ?? [])].slice(0, 5);
  if (urls.length) return urls;
  const words = question.replace(/[^\p{L}\p{N}\s]/gu, " ").trim().split(/\s+/).slice(0, 12).join(" ");
  return [`https://en.wikipedia.org/w/index.php?search=${encodeURIComponent(words)}`];
}

/** A Markdown report in the arena's citation format: statements with [n], then References. */
export function answerFor(question, history = []) {
  const sources = sourcesFor(question, history);
  const cite = sources.map((_, i) => `[${i + 1}]`).join("");
  const lines = [
    "## Answer",
    "",
    `The question asked was: "${question.replace(/\s+/g, " ").trim()}" ${cite}.`,
    `This example agent does no research: it cites the ${sources.length === 1 ? "source" : `${sources.length} sources`} the question points to [1].`,
    history.length ? `It is round ${history.length + 1} of this match; ${history.length} earlier question(s) came with the request [1].` : "It is the first question of this match [1].",
    "",
    "## References",
    ...sources.map((url, i) => `[${i + 1}] ${url}`),
  ];
  return lines.join("\n");
}

const server = createServer(async (req, res) => {
  const path = new URL(req.url ?? "/", "http://agent").pathname;
  if (TOKEN && req.headers.authorization !== `Bearer ${TOKEN}`) return send(res, 401, { error: "missing or wrong bearer token" });
  if (req.method === "GET" && path === "/answer/health") return send(res, 200, { status: "ok" });
  if (req.method !== "POST" || path !== "/answer") return send(res, 404, { error: "POST /answer or GET /answer/health" });
  let body;
  try {
    body = await readJson(req);
  } catch (err) {
    return send(res, 400, { error: err.message });
  }
  if (body?.protocol !== "dr-arena/1" || typeof body.question !== "string") return send(res, 400, { error: 'expected {"protocol":"dr-arena/1","question":…}' });
  const history = Array.isArray(body.history) ? body.history.filter((h) => typeof h?.question === "string" && typeof h?.answer === "string") : [];
  const answer = answerFor(body.question, history);
  send(res, 200, { answer, usage: { total_tokens: Math.ceil(answer.length / 4) }, cost_usd: 0 });
});

server.listen(PORT, HOST, () => {
  const { port } = server.address();
  // The first line is the endpoint to register (tests read it).
  console.log(`echo-agent listening on http://${HOST}:${port}/answer`);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
