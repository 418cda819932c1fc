export { sourceCandidates, feedLinks, sitemapLocs, type SourceSpec } from "./candidates";
export { SEARCH_PROVIDERS, SEARCH_PROVIDER_NAMES, type SearchProvider, type SearchProviderName } from "./providers";
export { addSource, listSources, removeSource, readSchedule, setSchedule, runSchedule, newSourceSchema, scheduleSchema, scheduledRunSchema, SCHEDULE_ID, SourceExistsError, storedScheduleSchema, topicSourceSchema, type NewSource, type Schedule, type ScheduledRun } from "./schedule";
export { applySchedule, runScheduleNow } from "./commands";
