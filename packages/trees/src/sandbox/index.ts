export { sandboxUrl } from "./urls";
export { searchPages, SearchInputError, MAX_K, MAX_QUERY_CHARS, type SearchResult } from "./search";
export { createSandboxHandler, startSandboxServer, type SandboxServer, type SandboxHandlerOptions } from "./server";
export { corpusPageFetcher, sandboxPageFetcher, SandboxFetchError } from "./fetcher";
