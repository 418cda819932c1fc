import { readFile } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";
import { createBullBoard } from "@bull-board/api";
import { BullMQAdapter } from "@bull-board/api/bullMQAdapter";
import { HonoAdapter } from "@bull-board/hono";
import type { Context, Next } from "hono";
import { Hono } from "hono";
import { createQueue, createRedis, QueueName } from "@arena/jobs";
import type { IServerAdapter } from "@bull-board/api/typings/app";
import { crossSiteRefusal, currentUser, ownUrl } from "@/lib/auth-session";

/**
 * bull-board (the BullMQ dashboard) under /console/queues, through its hono adapter inside an
 * App Router route handler. bull-board has no authentication of its own: every request,
 * including its static files and its JSON API, passes the admin check first.
 */
export const QUEUES_BASE = "/console/queues";

const TYPES: Record<string, string> = {
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".woff2": "font/woff2",
  ".map": "application/json",
};

/** The static-file middleware bull-board asks for, confined to its own asset directory. */
function serveStatic(opts: { root: string; rewriteRequestPath?: (p: string) => string }) {
  const root = resolve(/* turbopackIgnore: true */ process.cwd(), opts.root);
  return async (c: Context, next: Next) => {
    const rel = decodeURIComponent((opts.rewriteRequestPath ?? ((p: string) => p))(new URL(c.req.url).pathname));
    const file = resolve(root, `.${rel}`);
    if (!file.startsWith(root + sep)) return next();
    try {
      const body = await readFile(/* turbopackIgnore: true */ file);
      return c.body(body, 200, {
        "content-type": TYPES[extname(file)] ?? "application/octet-stream",
        "cache-control": "private, max-age=3600",
      });
    } catch {
      return next();
    }
  };
}

/** Every queue of the arena, the same the console overview counts (readQueueDepths). */
const QUEUE_NAMES: QueueName[] = Object.values(QueueName);

let app: Hono | undefined;

function board(): Hono {
  if (app) return app;
  const redis = createRedis();
  const adapter = new HonoAdapter(serveStatic as unknown as ConstructorParameters<typeof HonoAdapter>[0]);
  adapter.setBasePath(QUEUES_BASE);
  // @bull-board/hono 9.10.1 pins its own copy of @bull-board/api for types only; the adapter is the same shape.
  createBullBoard({
    queues: QUEUE_NAMES.map((n) => new BullMQAdapter(createQueue(n, redis))),
    serverAdapter: adapter as unknown as IServerAdapter,
    options: { uiConfig: { boardTitle: "DR Arena queues", miscLinks: [{ text: "Back to the console", url: "/console" }] } },
  });
  app = new Hono().route(QUEUES_BASE, adapter.registerPlugin());
  return app;
}

/**
 * bull-board's own "misc links" sit in a header menu a visitor has to find; its page is served as
 * is, so a visible way back to the console is added to its HTML (the one page; the rest is its
 * JSON API and static files, passed through untouched).
 */
const BACK_LINK = `<a href="/console" data-testid="queues-back" style="position:fixed;right:1rem;bottom:1rem;z-index:1000;padding:0.5rem 0.875rem;border-radius:0.375rem;background:#0369a1;color:#fff;font:500 14px system-ui,sans-serif;text-decoration:none;box-shadow:0 1px 3px rgba(0,0,0,0.3)">← Back to the console</a>`;

async function withBackLink(res: Response): Promise<Response> {
  if (!res.headers.get("content-type")?.includes("text/html")) return res;
  const html = await res.text();
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  return new Response(html.replace("</body>", `${BACK_LINK}</body>`), { status: res.status, statusText: res.statusText, headers });
}

/** Admins get the dashboard; anyone else a 403, or the sign-in page when not signed in. */
export async function serveQueues(req: Request): Promise<Response> {
  const user = await currentUser(req.headers);
  // On the host the browser asked (req.url may name another).
  if (!user) return Response.redirect(ownUrl(req, `/signin?next=${encodeURIComponent(QUEUES_BASE)}`), 303);
  if (user.role !== "admin") return new Response("403: the queues dashboard is for admins", { status: 403 });
  if (req.method !== "GET" && req.method !== "HEAD") {
    const refused = crossSiteRefusal(req);
    if (refused) return refused;
  }
  return withBackLink(await board().fetch(req));
}
