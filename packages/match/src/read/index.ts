/**
 * Read functions of the match package: `(db, params) → plain data` checked by the schemas beside
 * them. Loads no queue or agent code, so the web app can import it.
 */
export * from "./schemas";
export {
  readMatches,
  readMatch,
  readMatchFilterOptions,
  readRoundPath,
  matchListParamsSchema,
  type MatchListParams,
  type MatchReadOptions,
} from "./matches";
