/** A web search provider that turns a topic into candidate hub pages (one file per provider). */
export interface SearchProvider {
  name: string;
  /** Result URLs for `topic`, best first, at most `limit`. Every request goes through `fetchJson`. */
  search(topic: string, opts: { endpoint: string; limit: number; fetchJson: (url: string) => Promise<unknown> }): Promise<string[]>;
}
