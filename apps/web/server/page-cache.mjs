// @ts-check
/**
 * A whole-response cache in front of Next for anonymous reads of public pages and the public JSON
 * API ("micro-caching"). Rendering the leaderboard costs ~15 ms of CPU and a 10-round match page
 * ~80 ms, on a server with one JavaScript thread: under 50 concurrent visitors that alone put p95
 * near a second. Every visitor without a session sees the same bytes for the same URL, so one
 * render serves them all.
 *
 * Freshness: an entry lives TTL_MS at most, and every arena event (round, match, snapshot,
 * tournament: the app's one Redis subscriber calls `invalidate`) drops them all, so a reload
 * after a live update shows it. While one request renders a URL, others for it wait for that
 * render instead of starting their own, or, when the URL's previous render expired less than
 * MAX_STALE_MS ago, get that one meanwhile (a 10-round match page takes longer to render than its
 * TTL under load; without this every visitor would wait on every refresh). A request with `Cache-Control: no-cache` (a browser's hard
 * reload) renders afresh. Signed-in users, live streams, client-side navigations (RSC requests)
 * and server actions always reach Next.
 */

/** @typedef {import("node:http").IncomingMessage} Req */
/** @typedef {import("node:http").ServerResponse} Res */
/** @typedef {{ status: number, headers: Record<string, string | string[]>, body: Buffer, expires: number, key: string }} Entry */

export const TTL_MS = 1_000;
const MAX_STALE_MS = 5_000;
const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_BODY = 4 * 1024 * 1024;

/** Public paths (prefix match at a segment boundary); everything else always reaches Next. */
const PUBLIC = [
  "/about",
  "/analysis",
  "/agents",
  "/matches",
  "/tournaments",
  "/trees",
  "/api/scopes",
  "/api/leaderboard",
  "/api/leaderboard.csv",
  "/api/analysis",
  "/api/scores",
  "/api/battles.jsonl",
  "/api/agents",
  "/api/matches",
  "/api/tournaments",
  "/api/trees",
  "/api/openapi.json",
];
/** Under a public prefix but personal or a form. */
const PRIVATE = ["/agents/new"];
/** Request headers that make the response differ per visitor or per client-side navigation. */
const VARYING = [
  "rsc",
  "next-action",
  "next-router-state-tree",
  "next-router-prefetch",
  "next-router-segment-prefetch",
  "authorization",
  "range",
];
/** Response headers not replayed: per-response framing and time. */
const HOP = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/** @param {string} path @param {string} prefix */
const under = (path, prefix) => path === prefix || path.startsWith(`${prefix}/`);

/** @param {Req} req @returns {string | null} the cache key, or null when this request must reach Next */
export function cacheKey(req) {
  if (req.method !== "GET" || !req.url) return null;
  if (/(^|;)\s*(__Secure-)?better-auth\.session_token=/.test(req.headers.cookie ?? "")) return null;
  if (VARYING.some((h) => req.headers[h] !== undefined)) return null;
  const path = req.url.split("?")[0] ?? "";
  if (path !== "/" && (!PUBLIC.some((p) => under(path, p)) || PRIVATE.some((p) => under(path, p)))) return null;
  const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  return `${gzip ? "gzip" : "identity"} ${req.url}`;
}

/** @param {Req} req */
const wantsFresh = (req) =>
  /\bno-cache\b/.test(String(req.headers["cache-control"] ?? "")) || /\bno-cache\b/.test(String(req.headers.pragma ?? ""));

/**
 * @param {{ ttlMs?: number, now?: () => number }} [options] ttlMs 0 turns the cache off
 */
export function createPageCache({ ttlMs = TTL_MS, now = Date.now } = {}) {
  /** @type {Map<string, Entry>} insertion order = age, for eviction */
  const entries = new Map();
  /** @type {Map<string, Promise<Entry | null>>} renders in flight */
  const pending = new Map();
  let bytes = 0;
  let generation = 0;
  const stats = { hits: 0, misses: 0, bypass: 0 };

  /** @param {string} key */
  function drop(key) {
    const entry = entries.get(key);
    if (entry) bytes -= entry.body.length;
    entries.delete(key);
  }

  /** @param {Entry} entry */
  function store(entry) {
    drop(entry.key);
    entries.set(entry.key, entry);
    bytes += entry.body.length;
    for (const key of entries.keys()) {
      if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
      drop(key);
    }
  }

  /** @param {Res} res @param {Entry} entry */
  function replay(res, entry) {
    stats.hits++;
    res.writeHead(entry.status, { ...entry.headers, "content-length": entry.body.length, "x-arena-cache": "hit" });
    res.end(entry.body);
  }

  /**
   * Lets `render` answer `res` while keeping a copy of what it writes (after Next's compression),
   * and resolves with the entry to store, or null when the response must not be cached.
   * @param {string} key @param {Res} res @param {() => unknown} render @returns {Promise<Entry | null>}
   */
  function capture(key, res, render) {
    const startedIn = generation;
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    /** @param {unknown} chunk @param {unknown} encoding */
    const keep = (chunk, encoding) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function" || size > MAX_BODY) return;
      const buf =
        typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? /** @type {BufferEncoding} */ (encoding) : "utf8")
          : Buffer.from(/** @type {Uint8Array} */ (chunk));
      size += buf.length;
      chunks.push(buf);
    };
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    /** @type {Record<string, string | string[]>} */
    const headHeaders = {};
    const writeHead = res.writeHead.bind(res);
    res.writeHead = /** @type {typeof res.writeHead} */ (
      (/** @type {number} */ status, /** @type {any[]} */ ...rest) => {
        const headers = rest.find((a) => a && typeof a === "object");
        if (headers && !Array.isArray(headers)) Object.assign(headHeaders, headers);
        return writeHead(status, ...rest);
      }
    );
    res.write = /** @type {typeof res.write} */ (
      (/** @type {any} */ chunk, /** @type {any} */ encoding, /** @type {any} */ cb) => {
        keep(chunk, encoding);
        return write(chunk, encoding, cb);
      }
    );
    res.end = /** @type {typeof res.end} */ (
      (/** @type {any} */ chunk, /** @type {any} */ encoding, /** @type {any} */ cb) => {
        keep(chunk, encoding);
        return end(chunk, encoding, cb);
      }
    );
    return new Promise((resolve) => {
      res.once("close", () => {
        const headers = /** @type {Record<string, string | string[]>} */ ({ ...res.getHeaders(), ...headHeaders });
        const ok =
          res.writableFinished &&
          res.statusCode === 200 &&
          size <= MAX_BODY &&
          headers["set-cookie"] === undefined &&
          startedIn === generation;
        if (!ok) return resolve(null);
        for (const name of Object.keys(headers)) if (HOP.has(name.toLowerCase())) delete headers[name];
        resolve({ status: res.statusCode, headers, body: Buffer.concat(chunks), expires: now() + ttlMs, key });
      });
      Promise.resolve()
        .then(render)
        .catch(() => resolve(null));
    });
  }

  /**
   * Answers `req` from the cache, or through `render` (Next's handler), caching what it writes.
   * @param {Req} req @param {Res} res @param {() => unknown} render
   */
  async function handle(req, res, render) {
    const key = ttlMs > 0 ? cacheKey(req) : null;
    if (key === null) {
      stats.bypass++;
      return render();
    }
    const fresh = wantsFresh(req);
    const entry = entries.get(key);
    if (entry && !fresh && entry.expires > now()) return replay(res, entry);
    const inFlight = pending.get(key);
    if (inFlight && entry && !fresh && entry.expires + MAX_STALE_MS > now()) return replay(res, entry);
    if (inFlight && !fresh) {
      const rendered = await inFlight;
      if (rendered) return replay(res, rendered);
      stats.bypass++;
      return render();
    }
    stats.misses++;
    const rendering = capture(key, res, render);
    pending.set(key, rendering);
    const rendered = await rendering;
    if (pending.get(key) === rendering) pending.delete(key);
    if (rendered) store(rendered);
    else drop(key);
  }

  /** Drops every entry; renders already running are not stored (they may predate the change). */
  function invalidate() {
    generation++;
    entries.clear();
    pending.clear();
    bytes = 0;
  }

  return { handle, invalidate, stats: () => ({ ...stats, entries: entries.size, bytes }) };
}
