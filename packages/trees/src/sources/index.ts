export { sourceCandidates, feedLinks, sitemapLocs, type SourceSpec } from "./candidates";
export { SEARCH_PROVIDERS, SEARCH_PROVIDER_NAMES, type SearchProvider, type SearchProviderName } from "./providers";
export { addSource, listSources, removeSource, readSchedule, setSchedule, runSchedule, newSourceSchema, scheduleSchema, SCHEDULE_ID, type NewSource, type Schedule, type ScheduledRun } from "./schedule";
export { applySchedule, runScheduleNow } from "./commands";
