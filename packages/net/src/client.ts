import { setTimeout as sleep } from "node:timers/promises";
import { Agent, buildConnector, fetch as undiciFetch, type Response as UndiciResponse } from "undici";
import { NetError } from "./errors";
import { defaultPort, parseHttpUrl, resolveAllowList, vetHost, type AllowList, type AllowSpec } from "./guard";

/**
 * The one guarded HTTP client. Every connection goes through a connector that resolves the host,
 * vets all its addresses and then connects to a vetted address, so a DNS answer cannot change
 * between the check and the connection (no rebinding). Redirects are followed by hand so that
 * every hop is checked again.
 */

export interface GuardedFetchOptions extends AllowSpec {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | null;
  /** Time limit of one attempt: all redirect hops plus reading the body. Default 30 s. */
  timeoutMs?: number;
  /** Largest accepted (decoded) body. Default 10 MiB. */
  maxBytes?: number;
  /** Default 5. */
  maxRedirects?: number;
  /**
   * `manual`: a redirect is returned as the response (status 3xx, `location` header) instead of
   * followed, e.g. to learn where a redirect link points without fetching the page. Default `follow`.
   */
  redirect?: "follow" | "manual";
  signal?: AbortSignal;
  /**
   * Further attempts after a transient failure. Default 2 for GET and HEAD, 0 for other methods:
   * a repeated POST may submit the same (paid) job twice, so a caller must opt in.
   */
  retries?: number;
  /** Longest Retry-After the client will wait; a longer one ends the retries. Default 30 s. */
  maxRetryAfterMs?: number;
  /** When false, non-2xx responses are returned instead of thrown. Default true. */
  throwOnHttpError?: boolean;
}

export interface GuardedResponse {
  status: number;
  /** Final URL after redirects. */
  url: string;
  headers: Headers;
  body: Buffer;
  text(): string;
  json(): unknown;
}

const DEFAULTS = { timeoutMs: 30_000, maxBytes: 10 * 1024 * 1024, maxRedirects: 5, maxRetryAfterMs: 30_000 };
const SAFE_RETRIES = 2;
/** Methods whose repetition has no side effect beyond the first; only these retry by default. */
const SAFE_METHODS = new Set(["GET", "HEAD"]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Statuses worth retrying: rate limiting and gateway/availability failures, nothing else. */
const RETRY_STATUSES = new Set([429, 502, 503, 504]);
/** Socket errors that usually heal (server restarting, connection dropped); DNS failure is final. */
const TRANSIENT_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EAI_AGAIN", "UND_ERR_SOCKET"]);
const TIMEOUT_CODES = new Set(["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);
const CREDENTIAL_HEADERS = ["authorization", "proxy-authorization", "cookie"];
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

// ------------------------------------------------------------------ dispatcher

function guardedConnector(list: AllowList): buildConnector.connector {
  const base = buildConnector({});
  return (opts, callback) => {
    const port = defaultPort(opts);
    const where = `${opts.protocol}//${opts.host ?? opts.hostname}`;
    vetHost(opts.hostname, port, list, where).then(
      // `host` keeps the name, so TLS still sends SNI and checks the certificate for it.
      ([address]) => base({ ...opts, hostname: address! }, callback),
      (err: Error) => callback(err, null),
    );
  };
}

const dispatchers = new Map<string, Agent>();
/** Allow-lists are one per purpose and one per agent origin: room for every agent of a large arena. */
const MAX_DISPATCHERS = 256;

/** One keep-alive Agent per distinct allow-list. */
function dispatcherFor(spec: AllowSpec): Agent {
  const list = resolveAllowList(spec);
  const key = JSON.stringify([[...list.hosts].sort(), [...list.hostPorts].sort(), list.cidrs.map(String).sort(), list.origin]);
  let agent = dispatchers.get(key);
  if (!agent) {
    if (dispatchers.size >= MAX_DISPATCHERS) {
      const [oldKey, old] = dispatchers.entries().next().value as [string, Agent];
      dispatchers.delete(oldKey);
      void old.close();
    }
    agent = new Agent({ connect: guardedConnector(list) });
    dispatchers.set(key, agent);
  }
  return agent;
}

// ------------------------------------------------------------------ error mapping

function errorCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.code === "string") return e.code;
  }
  return undefined;
}

/** Maps anything thrown by one attempt to a NetError; the caller's own abort passes through. */
function toNetError(err: unknown, url: string, timeout: AbortSignal, timeoutMs: number, user?: AbortSignal): unknown {
  if (user?.aborted) return user.reason;
  if (err instanceof NetError) return err;
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof NetError) return cause;
  const code = errorCode(err);
  if (timeout.aborted || (code && TIMEOUT_CODES.has(code))) {
    return new NetError("timeout", url, `no complete response within ${timeoutMs} ms`, undefined, { cause: err, transient: true });
  }
  const message = err instanceof Error ? err.message : String(err);
  if (code?.startsWith("HPE_")) return new NetError("malformed", url, `invalid HTTP response (${code})`, undefined, { cause: err });
  const detail = code ? `connection failed (${code})` : `request failed (${message})`;
  return new NetError("refused", url, detail, undefined, { cause: err, transient: !!code && TRANSIENT_CODES.has(code) });
}

// ------------------------------------------------------------------ one attempt

interface Hop {
  method: string;
  headers: Headers;
  body: string | Uint8Array | null;
}

/**
 * Sends the request and follows redirects (each hop re-vetted by the connector); returns the
 * final response with its body unread.
 */
async function send(start: URL, hop: Hop, maxRedirects: number, dispatcher: Agent, signal: AbortSignal, follow = true) {
  let url = start;
  let { method, body } = hop;
  const headers = new Headers(hop.headers);
  for (let redirects = 0; ; redirects++) {
    const res = await undiciFetch(url, { method, headers: [...headers], body, redirect: "manual", dispatcher, signal });
    const location = res.headers.get("location");
    if (!REDIRECTS.has(res.status) || !location || !follow) return { res, url };
    await res.body?.cancel();
    if (redirects >= maxRedirects) {
      throw new NetError("http_status", start.href, `more than ${maxRedirects} redirects`, res.status);
    }
    const next = parseHttpUrl(new URL(location, url));
    if (next.origin !== url.origin) for (const h of CREDENTIAL_HEADERS) headers.delete(h);
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
      method = "GET";
      body = null;
      headers.delete("content-type");
    }
    url = next;
  }
}

/** Refuses a body whose declared length is over the cap before reading any of it. */
async function refuseDeclaredOversize(res: UndiciResponse, maxBytes: number, url: string): Promise<void> {
  const declared = Number(res.headers.get("content-length"));
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw new NetError("oversized", url, `declared ${declared} bytes, limit ${maxBytes}`);
  }
}

/** Reads the whole body through the same capped stream that sdkFetch hands out. */
async function readCapped(res: UndiciResponse, maxBytes: number, url: string): Promise<Buffer> {
  await refuseDeclaredOversize(res, maxBytes, url);
  if (!res.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  for await (const chunk of guardedStream(res, maxBytes, url, (err) => err)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function buildResponse(status: number, url: string, headers: Headers, body: Buffer): GuardedResponse {
  return {
    status,
    url,
    headers,
    body,
    text: () => body.toString("utf8"),
    json: () => JSON.parse(body.toString("utf8")) as unknown,
  };
}

// ------------------------------------------------------------------ retries

/** Retry-After in ms (delta-seconds or HTTP date); null when absent or unparseable. */
function retryAfterMs(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** Exponential backoff with jitter: ~250 ms, 500 ms, 1 s ... capped at 8 s. */
function backoffMs(attempt: number): number {
  const base = Math.min(250 * 2 ** attempt, 8000);
  return base / 2 + Math.random() * (base / 2);
}

/** How long to wait before the next attempt, or null when the outcome is final. */
function retryDelay(outcome: GuardedResponse | NetError, attempt: number, maxRetryAfterMs: number): number | null {
  if (outcome instanceof NetError) return outcome.transient ? backoffMs(attempt) : null;
  if (!RETRY_STATUSES.has(outcome.status)) return null;
  const asked = retryAfterMs(outcome.headers.get("retry-after"));
  if (asked === null) return backoffMs(attempt);
  return asked <= maxRetryAfterMs ? asked : null;
}

function httpError(res: GuardedResponse): NetError {
  return new NetError("http_status", res.url, `HTTP ${res.status}`, res.status, {
    transient: RETRY_STATUSES.has(res.status),
  });
}

/**
 * Fetches a URL through the address guard with a per-attempt time limit, a streamed size cap,
 * bounded redirects and bounded retries on transient failures only (timeouts, connection
 * refused/reset, 429, 502, 503, 504; Retry-After honoured up to `maxRetryAfterMs`). Non-2xx
 * responses throw NetError("http_status") unless `throwOnHttpError` is false. Aborting `signal`
 * rejects with the signal's reason.
 */
export async function guardedFetch(input: string | URL, options: GuardedFetchOptions = {}): Promise<GuardedResponse> {
  const o = { ...DEFAULTS, ...options };
  const start = parseHttpUrl(input);
  const dispatcher = dispatcherFor(o);
  const hop: Hop = { method: (o.method ?? "GET").toUpperCase(), headers: new Headers(o.headers), body: o.body ?? null };
  const retries = o.retries ?? (SAFE_METHODS.has(hop.method) ? SAFE_RETRIES : 0);
  for (let attempt = 0; ; attempt++) {
    const timeout = AbortSignal.timeout(o.timeoutMs);
    const signal = o.signal ? AbortSignal.any([o.signal, timeout]) : timeout;
    let outcome: GuardedResponse | NetError;
    try {
      const { res, url } = await send(start, hop, o.maxRedirects, dispatcher, signal, o.redirect !== "manual");
      const body = await readCapped(res, o.maxBytes, url.href);
      outcome = buildResponse(res.status, url.href, new Headers([...res.headers]), body);
    } catch (err) {
      const mapped = toNetError(err, start.href, timeout, o.timeoutMs, o.signal);
      if (!(mapped instanceof NetError)) throw mapped;
      outcome = mapped;
    }
    const wait = attempt < retries ? retryDelay(outcome, attempt, o.maxRetryAfterMs) : null;
    if (wait === null) {
      if (outcome instanceof NetError) throw outcome;
      if (o.throwOnHttpError !== false && (outcome.status < 200 || outcome.status > 299)) throw httpError(outcome);
      return outcome;
    }
    await sleep(wait, undefined, o.signal ? { signal: o.signal } : undefined);
  }
}

// ------------------------------------------------------------------ fetch for SDKs

export type SdkFetchOptions = Pick<GuardedFetchOptions, "timeoutMs" | "maxBytes" | "maxRedirects" | "allow" | "purpose" | "allowOrigin">;

/** Wraps the body so the size cap and the time limit keep applying while the caller streams it. */
function guardedStream(res: UndiciResponse, maxBytes: number, url: string, onError: (e: unknown) => unknown) {
  const reader = res.body!.getReader();
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        size += value.byteLength;
        if (size > maxBytes) throw new NetError("oversized", url, `body exceeds ${maxBytes} bytes`);
        controller.enqueue(value);
      } catch (err) {
        await reader.cancel().catch(() => undefined);
        controller.error(onError(err));
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * A `fetch`-compatible function for SDKs (`new OpenAI({ fetch: sdkFetch(opts) })`): same guard,
 * time limit (covering the streamed body), size cap and manual redirects as guardedFetch; returns
 * a global `Response` with any status (SDKs interpret statuses themselves). It does not retry: the
 * SDKs have their own retry policy, and stacking two would multiply attempts.
 */
export function sdkFetch(options: SdkFetchOptions = {}): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  const o = { ...DEFAULTS, ...options };
  return async (input, init) => {
    const request = new Request(input, init);
    const start = parseHttpUrl(request.url);
    const body = request.body ? new Uint8Array(await request.arrayBuffer()) : null;
    const timeout = AbortSignal.timeout(o.timeoutMs);
    const user = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const signal = user ? AbortSignal.any([user, timeout]) : timeout;
    const fail = (err: unknown) => toNetError(err, start.href, timeout, o.timeoutMs, user ?? undefined);
    try {
      const hop: Hop = { method: request.method, headers: request.headers, body };
      const { res, url } = await send(start, hop, o.maxRedirects, dispatcherFor(o), signal);
      await refuseDeclaredOversize(res, o.maxBytes, url.href);
      const headers = new Headers([...res.headers]);
      // undici already decoded the body, so the encoding and length headers no longer describe it.
      headers.delete("content-encoding");
      headers.delete("content-length");
      const stream = res.body && !NULL_BODY_STATUSES.has(res.status) ? guardedStream(res, o.maxBytes, url.href, fail) : null;
      const response = new Response(stream, { status: res.status, statusText: res.statusText, headers });
      Object.defineProperty(response, "url", { value: url.href });
      return response;
    } catch (err) {
      throw fail(err);
    }
  };
}
