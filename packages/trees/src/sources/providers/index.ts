import { sandbox } from "./sandbox";
import { searxng } from "./searxng";
import type { SearchProvider } from "./types";

/** Every search provider by name (one file each); SearXNG first. */
export const SEARCH_PROVIDERS = { searxng, sandbox } as const satisfies Record<string, SearchProvider>;
export type SearchProviderName = keyof typeof SEARCH_PROVIDERS;
export const SEARCH_PROVIDER_NAMES = Object.keys(SEARCH_PROVIDERS) as SearchProviderName[];
export type { SearchProvider };
