// @ts-check
/**
 * Serves the production build: Next's request handler behind the page cache (page-cache.mjs),
 * in one process. `arena web`, the demo, the tests and the benchmark all start this file:
 *   node apps/web/server/main.mjs [--port 3000] [--hostname 127.0.0.1]
 */
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import next from "next";
import { createPageCache } from "./page-cache.mjs";

const { values } = parseArgs({
  options: { port: { type: "string", default: process.env.PORT ?? "3000" }, hostname: { type: "string", default: "127.0.0.1" } },
});
const port = Number(values.port);
const hostname = values.hostname ?? "127.0.0.1";
if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`--port must be a port number, got ${values.port}`);

const started = Date.now();
const ttl = process.env.ARENA_PAGE_CACHE_TTL_MS;
if (ttl !== undefined && !/^\d+$/.test(ttl))
  throw new Error(`ARENA_PAGE_CACHE_TTL_MS must be a whole number of milliseconds, got "${ttl}"`);
const cache = createPageCache({ ttlMs: ttl === undefined ? undefined : Number(ttl) });
// The app's event subscriber (src/instrumentation.ts) finds the cache here: Next bundles its own
// module copies, so a process-wide symbol is the one handle both sides share.
Object.assign(globalThis, { [Symbol.for("arena.web.pageCache")]: cache });
// The address this server is reached at, as `arena web` and `arena demo` print it: sign-in trusts
// it (both 127.0.0.1 and localhost for a loopback address) when no public URL is configured
// (src/lib/auth-origins.ts reads it here, for the same reason as the cache above).
Object.assign(globalThis, { [Symbol.for("arena.web.listen")]: { hostname, port } });

const dir = fileURLToPath(new URL("..", import.meta.url));
// GET /api/health reports the build this process serves (Next's BUILD_ID of its dist folder).
const buildIdFile = join(dir, process.env.ARENA_WEB_DIST_DIR || ".next", "BUILD_ID");
Object.assign(globalThis, {
  [Symbol.for("arena.web.build")]: { id: existsSync(buildIdFile) ? readFileSync(buildIdFile, "utf8").trim() : null },
});

const app = next({ dev: false, dir, hostname, port });
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer((req, res) => {
  // The client's address for the sign-in rate limit (src/lib/auth.ts): what the connection says,
  // never what the client claims in a header of the same name.
  req.headers["x-arena-client-ip"] = req.socket.remoteAddress ?? "";
  cache
    .handle(req, res, () => handle(req, res))
    .catch((err) => {
      console.error("web: request failed:", req.url, err);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
});
// A taken address would otherwise leave the process up without serving (Next reports the error
// and keeps running), and `arena web` / `arena demo` waiting for a server that never comes.
server.once("error", (err) => {
  const inUse = /** @type {NodeJS.ErrnoException} */ (err).code === "EADDRINUSE";
  console.error(
    inUse
      ? `web: ${hostname}:${port} is already in use (another \`arena web\` or \`arena demo\`?): stop it, or choose another port with --port`
      : `web: cannot listen on ${hostname}:${port}: ${err.message}`,
  );
  process.exit(1);
});
server.listen(port, hostname, () => {
  const url = `http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`;
  console.log(`arena web on ${url}: Ready in ${Date.now() - started} ms`);
});

for (const signal of /** @type {const} */ (["SIGTERM", "SIGINT"])) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 2_000).unref();
  });
}
