export { NetError, type NetErrorKind } from "./errors";
export { assertAllowedUrl, refusedRange } from "./guard";
export { guardedFetch, sdkFetch, type GuardedFetchOptions, type GuardedResponse, type SdkFetchOptions } from "./client";
