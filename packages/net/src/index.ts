export { NetError, type NetErrorKind } from "./errors";
export { assertAllowedUrl, refusedRange, type AllowPurpose, type AllowSpec } from "./guard";
export { guardedFetch, sdkFetch, type GuardedFetchOptions, type GuardedResponse, type SdkFetchOptions } from "./client";
