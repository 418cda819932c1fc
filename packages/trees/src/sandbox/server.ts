import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { PrismaClient } from "@arena/db";
import { findPage, inCorpus } from "./corpus";
import { renderPage } from "./render";
import { searchPages, SearchInputError } from "./search";
import { PAGE_PATH } from "./urls";

export interface SandboxHandlerOptions {
  /** Absolute base for `sandboxUrl` in search results; root-relative when omitted. */
  baseUrl?: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    "content-type": `${type}; charset=utf-8`,
    "content-length": Buffer.byteLength(body),
    "x-content-type-options": "nosniff",
    "cache-control": "no-store",
  });
  res.end(res.req.method === "HEAD" ? undefined : body);
}

const json = (res: ServerResponse, status: number, value: unknown) => send(res, status, "application/json", JSON.stringify(value));

/** `k` from the query string: absent → 10; anything but an integer is passed on to be rejected. */
function parseK(raw: string | null): number {
  return raw === null ? 10 : /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
}

/**
 * The sandbox web (docs/method.md §12) as a plain node:http handler, so a web app can mount it:
 * `GET /sandbox/search?q=&k=` (JSON results), `GET /sandbox/page?url=` (HTML, 404 when the URL
 * is not in the corpus), `GET /sandbox/health`, `GET /robots.txt` (allow all).
 */
export function createSandboxHandler(db: PrismaClient, opts: SandboxHandlerOptions = {}): Handler {
  return async (req, res) => {
    try {
      if (req.method !== "GET" && req.method !== "HEAD") return json(res, 405, { error: "method not allowed" });
      const url = new URL(req.url ?? "/", "http://sandbox.invalid");
      switch (url.pathname) {
        case "/robots.txt":
          return send(res, 200, "text/plain", "User-agent: *\nAllow: /\n");
        case "/sandbox/health":
          await db.$queryRaw`SELECT 1`;
          return json(res, 200, { status: "ok" });
        case "/sandbox/search": {
          const q = url.searchParams.get("q") ?? "";
          const results = await searchPages(db, q, parseK(url.searchParams.get("k")), { baseUrl: opts.baseUrl });
          return json(res, 200, results);
        }
        case PAGE_PATH: {
          const target = url.searchParams.get("url");
          if (!target) return json(res, 400, { error: "missing url parameter" });
          const page = await findPage(db, target);
          if (!page) return send(res, 404, "text/plain", `not in the sandbox corpus: ${target}\n`);
          const corpus = await inCorpus(
            db,
            page.links.map((l) => l.url),
          );
          return send(res, 200, "text/html", renderPage(page, corpus));
        }
        default:
          return send(res, 404, "text/plain", "not found\n");
      }
    } catch (err) {
      if (err instanceof SearchInputError) return json(res, 400, { error: err.message });
      console.error("sandbox:", err);
      if (!res.headersSent) json(res, 500, { error: "internal error" });
    }
  };
}

export interface SandboxServer {
  /** Base URL, e.g. http://127.0.0.1:4100 */
  url: string;
  close(): Promise<void>;
}

/** Starts the sandbox on `host:port` (port 0 picks a free port). */
export async function startSandboxServer(db: PrismaClient, opts: { port: number; host?: string }): Promise<SandboxServer> {
  const host = opts.host ?? "127.0.0.1";
  let base = "";
  // The base is known only once listening; the handler reads it per request.
  const handler = createSandboxHandler(db, {
    get baseUrl() {
      return base;
    },
  });
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  base = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return {
    url: base,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
