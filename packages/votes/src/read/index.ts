// Reads of votes, spans and the people's leaderboard: (db, params) → plain data with zod schemas.
export * from "./votes";
export * from "./spans";
export { readLeaderboardWithSpans } from "./leaderboard";
export { voteRequestSchema, spanRequestSchema, exclusionRequestSchema, type VoteRequest, type SpanRequest } from "../votes/requests";
export * from "../options";
export * from "../references/read";
export * from "./people";
export * from "../people/schemas";
export * from "../people/minimum";
export { agreementLine, NOT_ENOUGH, twoDecimals } from "../people/line";
