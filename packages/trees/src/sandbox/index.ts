export { sandboxUrl, originalUrlOf, PAGE_PATH } from "./urls";
export { searchPages, SearchInputError, MAX_K, MAX_QUERY_CHARS, type SearchResult } from "./search";
export { findPage, inCorpus, type CorpusPage } from "./corpus";
export { renderPage } from "./render";
export { createSandboxHandler, startSandboxServer, type SandboxServer, type SandboxHandlerOptions } from "./server";
export { sandboxPageFetcher, SandboxFetchError } from "./fetcher";
