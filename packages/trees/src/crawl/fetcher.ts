import { setTimeout as sleep } from "node:timers/promises";
import { withoutNul, type FetchedPage, type PageFetcher } from "@arena/core";
import { guardedFetch, NetError } from "@arena/net";
import robotsParser from "robots-parser";
import { extractPageOffThread } from "./extract-thread";

/**
 * The live-web PageFetcher: guarded HTTP, robots.txt, per-host politeness, HTML only.
 *
 * Choices:
 * - robots.txt follows RFC 9309: a 4xx answer means no rules; a 5xx answer or an unreachable
 *   file means "disallow all" for that origin during this fetcher's life. Rules are cached per
 *   origin. A Crawl-delay (capped at 30 s) raises the per-host delay, never lowers it.
 * - The per-host delay spaces request starts to one host (robots.txt included), also when the
 *   crawler runs several fetches at once. 0 disables it (meant for allow-listed loopback).
 * - Text is decoded with the charset from Content-Type, else a <meta charset> in the first
 *   1024 bytes, else UTF-8.
 * - Pages are extracted on the extraction thread with a time limit (see extract-thread.ts): a
 *   crawled page cannot stall the process that fetched it.
 */

export interface WebFetcherOptions {
  /** Allow-list entries for the address guard (e.g. the operator's AllowedHost patterns). */
  allow?: readonly string[];
  userAgent?: string;
  /** Minimum time between two request starts to the same host. Default 1000 ms. */
  perHostDelayMs?: number;
  timeoutMs?: number;
  maxBytes?: number;
  retries?: number;
  /** Time limit of one page's extraction (off the main thread); a slower page fails. Default 20 s. */
  extractTimeoutMs?: number;
  /**
   * Where each host's next request slot is booked. Default: this fetcher's memory, which paces one
   * crawl; the workers pass a Redis-backed one (@arena/jobs hostTurns), so crawls on several
   * workers at once still leave `perHostDelayMs` between two requests to a host.
   */
  turns?: HostTurns;
}

/** Books the next request slot to `host` and answers how long to wait for it (ms). */
export interface HostTurns {
  take(host: string, delayMs: number): Promise<number>;
}

/** Slots booked in this process's memory. */
export function memoryHostTurns(): HostTurns {
  const nextStart = new Map<string, number>();
  return {
    take: async (host, delayMs) => {
      const now = Date.now();
      const at = Math.max(now, nextStart.get(host) ?? 0);
      nextStart.set(host, at + delayMs);
      return at - now;
    },
  };
}

const DEFAULT_USER_AGENT = "DRArenaBot/0.1 (+https://github.com/dr-arena)";
/** The product token robots.txt groups are matched against. */
const ROBOTS_AGENT = "DRArenaBot";
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
const MAX_CRAWL_DELAY_MS = 30_000;
const ROBOTS_MAX_BYTES = 512 * 1024;

interface Rules {
  allowed(url: string): boolean;
  crawlDelayMs: number;
  reason: string;
}

function charsetOf(contentType: string, body: Buffer): string {
  const declared = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1];
  const sniffed = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(body.subarray(0, 1024).toString("latin1"))?.[1];
  return declared ?? sniffed ?? "utf-8";
}

/** The page as text; NUL characters (a mis-declared UTF-16 page) are dropped: the database cannot store them. */
function decode(body: Buffer, charset: string): string {
  const decoder = () => {
    try {
      return new TextDecoder(charset);
    } catch {
      return new TextDecoder("utf-8");
    }
  };
  return withoutNul(decoder().decode(body));
}

export function webPageFetcher(options: WebFetcherOptions = {}): PageFetcher {
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const baseDelay = options.perHostDelayMs ?? 1000;
  const request = { allow: options.allow, timeoutMs: options.timeoutMs ?? 15_000, retries: options.retries ?? 1 };
  const turns = options.turns ?? memoryHostTurns();
  // robots.txt rules: read once per origin and crawl (a fact of the site, safe to keep per fetcher).
  const robots = new Map<string, Promise<Rules>>();

  /** Waits for this host's next slot and books the one after it. */
  async function takeTurn(host: string, delayMs: number, signal?: AbortSignal): Promise<void> {
    if (delayMs <= 0) return;
    const wait = await turns.take(host, delayMs);
    if (wait > 0) await sleep(wait, undefined, signal ? { signal } : undefined);
  }

  async function loadRules(origin: URL, signal?: AbortSignal): Promise<Rules> {
    const robotsUrl = new URL("/robots.txt", origin).href;
    await takeTurn(origin.host, baseDelay, signal);
    try {
      const res = await guardedFetch(robotsUrl, {
        ...request,
        signal,
        maxBytes: ROBOTS_MAX_BYTES,
        throwOnHttpError: false,
        headers: { "user-agent": userAgent },
      });
      if (res.status >= 500) return { allowed: () => false, crawlDelayMs: 0, reason: `robots.txt answered ${res.status}` };
      if (res.status >= 400) return { allowed: () => true, crawlDelayMs: 0, reason: "" };
      const parsed = robotsParser(robotsUrl, res.text());
      const delay = Math.min((parsed.getCrawlDelay(ROBOTS_AGENT) ?? 0) * 1000, MAX_CRAWL_DELAY_MS);
      return { allowed: (url) => parsed.isAllowed(url, ROBOTS_AGENT) !== false, crawlDelayMs: delay, reason: "blocked by robots.txt" };
    } catch (err) {
      signal?.throwIfAborted();
      // A guard refusal applies to the page as well: report that, not a robots problem.
      if (err instanceof NetError && err.kind === "refused") throw err;
      return { allowed: () => false, crawlDelayMs: 0, reason: `robots.txt unreachable (${(err as Error).message})` };
    }
  }

  function rulesFor(url: URL, signal?: AbortSignal): Promise<Rules> {
    let rules = robots.get(url.origin);
    if (!rules) {
      rules = loadRules(url, signal);
      robots.set(url.origin, rules);
      // A refusal or abort is not a fact about the site: do not cache it.
      rules.catch(() => robots.delete(url.origin));
    }
    return rules;
  }

  return async (pageUrl: string, signal?: AbortSignal): Promise<FetchedPage> => {
    const url = new URL(pageUrl);
    const rules = await rulesFor(url, signal);
    if (!rules.allowed(url.href)) throw new Error(rules.reason);
    await takeTurn(url.host, Math.max(baseDelay, rules.crawlDelayMs), signal);
    const res = await guardedFetch(url.href, {
      ...request,
      signal,
      maxBytes: options.maxBytes ?? 5 * 1024 * 1024,
      headers: { "user-agent": userAgent, accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1" },
    });
    const contentType = res.headers.get("content-type") ?? "";
    const mime = contentType.split(";")[0]!.trim().toLowerCase();
    if (!HTML_TYPES.has(mime)) throw new Error(`not HTML (content type ${mime || "missing"})`);
    // Links resolve against the final URL; the page keeps the URL it was asked for.
    const page = await extractPageOffThread(
      decode(res.body, charsetOf(contentType, res.body)),
      res.url,
      options.extractTimeoutMs ?? 20_000,
    );
    return { ...page, url: pageUrl, domain: url.hostname };
  };
}
