/**
 * Shared plumbing of the Anthropic and Gemini test servers: real HTTP (node:http) on 127.0.0.1,
 * an ephemeral port, every request recorded, answers from a per-test queue of scripted replies
 * (then an optional handler). An unscripted call gets a 500 in the provider's error format, so an
 * unexpected extra call fails loudly instead of hanging.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody, sendJson } from "./http-body";
import type { RecordedRequest } from "./openai-test-server";

/** A body to answer 200 with, an HTTP error (with `retry-after` when given), or either after a delay. */
export type ProviderReply =
  | { kind: "body"; body: unknown }
  | { kind: "status"; status: number; message?: string; retryAfter?: number }
  | { kind: "delay"; ms: number; then: ProviderReply };

export const providerReply = {
  body: (body: unknown): ProviderReply => ({ kind: "body", body }),
  status: (status: number, opts: { message?: string; retryAfter?: number } = {}): ProviderReply => ({ kind: "status", status, ...opts }),
  delay: (ms: number, then: ProviderReply): ProviderReply => ({ kind: "delay", ms, then }),
};

export interface ProviderTestServer {
  /** The API base URL to give the SDK (no path: the SDKs add `/v1/…`, `/v1beta/…`). */
  baseUrl: string;
  requests: RecordedRequest[];
  enqueue(...replies: ProviderReply[]): void;
  setHandler(handler: ((req: RecordedRequest) => ProviderReply) | null): void;
  pending(): number;
  close(): Promise<void>;
}

/** What one provider adds: its routes (returning false for unknown ones) and error body. */
export interface ProviderRoutes {
  /** Answers the request itself (model lookups, redirects…) and returns true, or returns false to use the script. */
  direct(req: RecordedRequest, res: ServerResponse, baseUrl: string): boolean;
  /** Whether this request is answered from the script (the generation call). */
  scripted(req: RecordedRequest): boolean;
  errorBody(status: number, message: string): unknown;
}

async function send(res: ServerResponse, reply: ProviderReply, routes: ProviderRoutes): Promise<void> {
  if (reply.kind === "delay") {
    await new Promise((r) => setTimeout(r, reply.ms));
    return send(res, reply.then, routes);
  }
  if (reply.kind === "status") {
    const headers: Record<string, string> = reply.retryAfter !== undefined ? { "retry-after": String(reply.retryAfter) } : {};
    return sendJson(res, reply.status, routes.errorBody(reply.status, reply.message ?? `scripted HTTP ${reply.status}`), headers);
  }
  sendJson(res, 200, reply.body);
}

export async function startProviderTestServer(routes: ProviderRoutes): Promise<ProviderTestServer> {
  const queue: ProviderReply[] = [];
  const requests: RecordedRequest[] = [];
  let handler: ((req: RecordedRequest) => ProviderReply) | null = null;
  let baseUrl = "";
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://x");
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        headers: req.headers,
        body: await readBody(req),
      };
      requests.push(recorded);
      if (routes.direct(recorded, res, baseUrl)) return;
      if (!routes.scripted(recorded)) return sendJson(res, 404, routes.errorBody(404, `no route ${recorded.method} ${recorded.path}`));
      const next = queue.shift() ?? handler?.(recorded);
      if (!next) return sendJson(res, 500, routes.errorBody(500, "provider-test-server: no scripted reply"));
      await send(res, next, routes);
    })().catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, routes.errorBody(500, `provider-test-server: ${String(err)}`));
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    requests,
    enqueue: (...r) => void queue.push(...r),
    setHandler: (h) => {
      handler = h;
    },
    pending: () => queue.length,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
