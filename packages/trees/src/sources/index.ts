export { sourceCandidates, type SourceSpec } from "./candidates";
export { feedLinks, sitemapLocs, DocumentTooDeepError, MAX_XML_DEPTH } from "./parse";
export { SEARCH_PROVIDERS, SEARCH_PROVIDER_NAMES, type SearchProvider, type SearchProviderName } from "./providers";
export {
  addSource,
  listSources,
  removeSource,
  readSchedule,
  setSchedule,
  runSchedule,
  newSourceSchema,
  scheduleSchema,
  scheduledRunSchema,
  SCHEDULE_ID,
  SourceExistsError,
  sourceOutcomeSchema,
  storedScheduleSchema,
  topicSourceSchema,
  type NewSource,
  type Schedule,
  type ScheduledRun,
  type SourceOutcome,
  type StoredSchedule,
} from "./schedule";
export { applySchedule, queueCrawl, runScheduleNow } from "./commands";
