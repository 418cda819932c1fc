import { guardedFetch } from "@arena/net";
import { z } from "zod";
import type { SandboxApi, SearchHit } from "./research";

const SearchHitsSchema = z.array(
  z.object({
    url: z.string().min(1),
    sandboxUrl: z.string(),
    title: z.string().nullable().optional(),
    snippet: z.string().default(""),
    score: z.number(),
  }),
);

/** Turns a served page's HTML into readable text. */
export type HtmlToText = (html: string, url: string) => string;

export interface SandboxApiOptions {
  /** Base URL of the sandbox server, e.g. `http://127.0.0.1:4010`. */
  baseUrl: string;
  allow?: string[];
  timeoutMs?: number;
  /** Without it pages are not read (`pageText` gives null) and agents work from snippets. */
  extract?: HtmlToText | null;
}

/**
 * The sandbox web over HTTP (docs/method.md §12): `GET /sandbox/search?q=&k=` and `GET /sandbox/page?url=`,
 * through the guarded client like every other outbound call. Bodies are validated; a malformed
 * search answer throws (the built-in agent then fails with `malformed`).
 */
export function httpSandboxApi(o: SandboxApiOptions): SandboxApi {
  const base = o.baseUrl.replace(/\/+$/, "");
  const get = (path: string, params: Record<string, string>, signal?: AbortSignal) =>
    guardedFetch(`${base}${path}?${new URLSearchParams(params)}`, {
      allow: o.allow,
      timeoutMs: o.timeoutMs ?? 30_000,
      ...(signal ? { signal } : {}),
    });
  return {
    async search(q, k, signal): Promise<SearchHit[]> {
      const res = await get("/sandbox/search", { q, k: String(k) }, signal);
      // The sandbox marks matched words «like this» in snippets; answers quote the plain text.
      return SearchHitsSchema.parse(res.json()).map((h) => ({ ...h, title: h.title ?? null, snippet: h.snippet.replace(/[«»]/g, "") }));
    },
    async pageText(url, signal): Promise<string | null> {
      if (!o.extract) return null;
      const res = await get("/sandbox/page", { url }, signal);
      return o.extract(res.text(), url);
    },
  };
}
