import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An arena-HTTP agent that answers every question with one of the hostile answers of docs/security.md: a losing
 * agent could freeze the worker (an answer the Markdown parser needs seconds for) or get its
 * match marked `failed`, so unrated (an answer that made the parser throw, or one PostgreSQL
 * could not store). Any other path answers like a well-behaved agent. Loopback only.
 */
export const HOSTILE_ANSWERS: Record<string, string> = {
  // 160 KB that the Markdown parser took 26.6 s over: over the size cap.
  "/freeze": "_a".repeat(80_000),
  // The Markdown parser overflowed its stack on this: a plain answer now.
  "/overflow": ">".repeat(5_000),
  // jsonb refused the round: a lone surrogate and a NUL.
  "/unstorable": "A claim \ud800 with a NUL \u0000 [1].\n\n[1] https://example.org/source",
};

export interface HostileAgent {
  url(path: string): string;
  hostPort: string;
  close(): Promise<void>;
}

export async function startHostileAgent(): Promise<HostileAgent> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    const answer = HOSTILE_ANSWERS[path] ?? "A well-behaved answer [1].\n\n[1] https://example.org/source";
    req.resume().on("end", () => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ answer })));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => `http://${hostPort}${path}`,
    hostPort,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
