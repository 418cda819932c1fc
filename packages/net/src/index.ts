export { NetError, type NetErrorKind } from "./errors";
export {
  allowList,
  assertAllowedUrl,
  envAllowEntries,
  refusedRange,
  resolveAllowList,
  type AllowList,
} from "./guard";
export { guardedFetch, sdkFetch, type GuardedFetchOptions, type GuardedResponse, type SdkFetchOptions } from "./client";
