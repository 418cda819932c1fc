import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A round-robin HTTP balancer in front of several web processes, as a deployment puts one public
 * URL in front of them: each request goes to the next backend; a backend that refuses the
 * connection (a killed process) is skipped for the next one. Streams (server-sent events) pass through.
 */
export interface Balancer {
  url: string;
  backends: string[];
  /** Which backend answered each request, in order (for tests that want both used). */
  served: string[];
  close(): Promise<void>;
}

export async function startBalancer(backends: string[] = []): Promise<Balancer> {
  let next = 0;
  const served: string[] = [];
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, tries: number) => {
    if (tries >= balancer.backends.length) return void res.writeHead(502).end("no backend answered");
    const target = new URL(req.url ?? "/", balancer.backends[next++ % balancer.backends.length]);
    const upstream = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      served.push(target.origin);
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", (err: NodeJS.ErrnoException) => {
      if (!res.headersSent && (err.code === "ECONNREFUSED" || err.code === "ECONNRESET")) forward(req, res, body, tries + 1);
      else res.destroy();
    });
    res.on("close", () => upstream.destroy());
    upstream.end(body);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => forward(req, res, Buffer.concat(chunks), 0));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const balancer: Balancer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    backends,
    served,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  return balancer;
}
