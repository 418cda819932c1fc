/**
 * Fault-injecting arena-HTTP agent server: real HTTP (node:http) on 127.0.0.1, ephemeral port.
 * Each behaviour is its own endpoint, so one server serves a whole test file:
 *
 * | endpoint              | behaviour                                                          |
 * |-----------------------|--------------------------------------------------------------------|
 * | `/ok`                 | 200 with a cited answer echoing the question, usage and cost        |
 * | `/slow`               | the same answer after `slowMs` (default 2 s)                       |
 * | `/hanging`            | never answers (the socket stays open until `close()`)             |
 * | `/500`                | HTTP 500                                                           |
 * | `/garbage`            | 200 with a body that is not JSON                                   |
 * | `/bad-schema`         | 200 JSON without an `answer`                                       |
 * | `/huge`               | 200 streaming a 20 MB JSON answer (chunked, no Content-Length)     |
 * | `/redirect-private`   | 302 to http://10.0.0.1/answer (the client must refuse to follow)   |
 * | `/poll`               | 202 + relative poll URL; the poll answers 202 once more, then 200  |
 * | `/poll-foreign`       | 202 whose poll URL is on another origin                            |
 * | `<endpoint>/health`   | 200 `{"status":"ok"}` for every endpoint above                     |
 * | `/sick/health`        | 503: a failing health check                                        |
 *
 * `requests` records every request (method, path, headers, parsed body).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { readBody, sendJson } from "./http-body";
import type { AddressInfo } from "node:net";

/** The error class a correct client records for each failing endpoint. */
export const FAULT_ERROR_CLASSES = [
  ["/slow", "timeout"],
  ["/hanging", "timeout"],
  ["/500", "http_status"],
  ["/garbage", "malformed"],
  ["/bad-schema", "malformed"],
  ["/huge", "oversized"],
  ["/redirect-private", "refused"],
  ["/poll-foreign", "refused"],
] as const;

export interface FaultRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: unknown;
}

export interface FaultAgentServer {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** `host:port`, for allow-lists. */
  hostPort: string;
  url(endpoint: string): string;
  requests: FaultRequest[];
  close(): Promise<void>;
}

const HUGE_BYTES = 20 * 1024 * 1024;

function answerFor(body: unknown): string {
  const question = (body as { question?: unknown } | null)?.question;
  return [
    `Answer to: ${typeof question === "string" ? question : "(no question)"} [1]`,
    "",
    "## References",
    "[1] https://example.org/source",
  ].join("\n");
}

function streamHuge(res: ServerResponse) {
  res.writeHead(200, { "content-type": "application/json" });
  const chunk = "x".repeat(64 * 1024);
  let sent = 0;
  res.write('{"answer":"');
  const pump = () => {
    while (sent < HUGE_BYTES) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once("drain", pump);
    }
    res.end('"}');
  };
  res.on("error", () => undefined);
  pump();
}

export async function startFaultAgentServer(opts: { slowMs?: number } = {}): Promise<FaultAgentServer> {
  const slowMs = opts.slowMs ?? 2000;
  const requests: FaultRequest[] = [];
  const pollsLeft = new Map<string, number>();
  let jobs = 0;

  const route = async (req: IncomingMessage, res: ServerResponse, path: string, body: unknown) => {
    if (path === "/sick/health") return sendJson(res, 503, { status: "down" });
    if (path.endsWith("/health")) return sendJson(res, 200, { status: "ok" });
    if (path.startsWith("/jobs/")) {
      const left = pollsLeft.get(path);
      if (req.method === "DELETE") {
        pollsLeft.delete(path);
        res.writeHead(204);
        return res.end();
      }
      if (left === undefined) return sendJson(res, 404, { error: "no such job" });
      if (left > 0) {
        pollsLeft.set(path, left - 1);
        return sendJson(res, 202, { poll_url: path, retry_after_s: 0.05 });
      }
      return sendJson(res, 200, { answer: answerFor({ question: "polled" }), usage: { total_tokens: 321 } });
    }
    switch (path) {
      case "/ok":
        return sendJson(res, 200, { answer: answerFor(body), usage: { total_tokens: 1234 }, cost_usd: 0.0123 });
      case "/slow":
        await new Promise((r) => setTimeout(r, slowMs));
        return sendJson(res, 200, { answer: answerFor(body) });
      case "/hanging":
        return; // never answered; close() drops the connection
      case "/500":
        return sendJson(res, 500, { error: "internal failure" });
      case "/garbage":
        res.writeHead(200, { "content-type": "application/json" });
        return res.end("<html>this is not json</html>");
      case "/bad-schema":
        return sendJson(res, 200, { text: "answer under the wrong key" });
      case "/huge":
        return streamHuge(res);
      case "/redirect-private":
        res.writeHead(302, { location: "http://10.0.0.1/answer" });
        return res.end();
      case "/poll": {
        const job = `/jobs/${++jobs}`;
        pollsLeft.set(job, 1);
        return sendJson(res, 202, { poll_url: job, retry_after_s: 0.05 });
      }
      case "/trace":
        return sendJson(res, 200, {
          answer: answerFor(body),
          trace: [
            { type: "search", query: "festival founded 1947", urls: ["https://example.org/source"] },
            { type: "open_page", url: "https://example.org/source", title: "Source" },
            { type: "tool_call", name: "calculator", input: "2025-1947", output: "78" },
            ...Array.from({ length: 250 }, (_, i) => ({ type: "search", query: `q${i} ${"x".repeat(3_000)}` })),
          ],
        });
      case "/bad-trace":
        return sendJson(res, 200, { answer: answerFor(body), trace: [{ type: "teleport", to: "mars" }] });
      case "/poll-long": {
        const job = `/jobs/${++jobs}`;
        pollsLeft.set(job, 1_000);
        return sendJson(res, 202, { poll_url: job, retry_after_s: 0.05 });
      }
      case "/poll-foreign":
        return sendJson(res, 202, { poll_url: "http://127.0.0.2:9/jobs/1" });
      default:
        return sendJson(res, 404, { error: `no route ${path}` });
    }
  };

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? "/").split("?")[0]!;
      const body = await readBody(req);
      requests.push({ method: req.method ?? "GET", path, headers: req.headers, body });
      await route(req, res, path, body);
    })().catch(() => {
      if (!res.headersSent) sendJson(res, 500, { error: "fault server failure" });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    hostPort: `127.0.0.1:${port}`,
    url: (endpoint) => `${origin}${endpoint}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
