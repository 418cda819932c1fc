/**
 * The leaderboard scopes' scoreboards, computed by the workers and stored beside the rating
 * snapshots (store.ts); the computation itself runs on a thread (thread.ts, loaded only when a
 * computation starts), so importing this entry point costs no thread code.
 */
export { scoreboardOf, type ScoreboardOptions } from "./compute";
export { controlledOf, type ControlledMatch, type ScoreCell } from "./controlled";
export { computeScoreboard, controlledLeaderboard } from "./in-process";
export { readScoreboardInputs, readControlledMatches, type ScoreboardInputs, type ScoreboardScope } from "./inputs";
export {
  refreshScoreboard,
  markScoreboardsStale,
  staleScoreboardScopes,
  scoreboardState,
  isFresh,
  waitMs,
  MAX_GAP_MS,
  type ScoreboardState,
  type StoredScoreboard,
} from "./store";
