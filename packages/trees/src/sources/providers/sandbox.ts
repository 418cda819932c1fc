import { z } from "zod";
import type { SearchProvider } from "./types";

/**
 * The arena's own sandbox search (`GET {endpoint}/sandbox/search?q=…&k=…`) as a provider: offline
 * runs and tests find hub pages among stored pages. Results carry the original URL and the
 * sandbox URL; the sandbox URL is the one a crawl can reach offline.
 */
const responseSchema = z.array(z.object({ url: z.string(), sandboxUrl: z.string() }).loose()).max(1000);

export const sandbox: SearchProvider = {
  name: "sandbox",
  async search(topic, { endpoint, limit, fetchJson }) {
    const url = new URL("sandbox/search", endpoint.endsWith("/") ? endpoint : `${endpoint}/`);
    url.searchParams.set("q", topic);
    url.searchParams.set("k", String(Math.min(50, limit)));
    return responseSchema
      .parse(await fetchJson(url.toString()))
      .map((r) => new URL(r.sandboxUrl, url).toString())
      .slice(0, limit);
  },
};
