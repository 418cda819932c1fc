import { z } from "zod";
import type { SearchProvider } from "./types";

/** SearXNG's JSON API: `GET {endpoint}/search?q=…&format=json` → `{results: [{url, title, …}]}` (the instance must enable the json format). */
const responseSchema = z.object({ results: z.array(z.object({ url: z.string() }).loose()).max(1000) }).loose();

export const searxng: SearchProvider = {
  name: "searxng",
  async search(topic, { endpoint, limit, fetchJson }) {
    const url = new URL("search", endpoint.endsWith("/") ? endpoint : `${endpoint}/`);
    url.searchParams.set("q", topic);
    url.searchParams.set("format", "json");
    const body = responseSchema.parse(await fetchJson(url.toString()));
    return body.results.map((r) => r.url).slice(0, limit);
  },
};
