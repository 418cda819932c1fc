import {
  LEADERBOARD_WINDOWS,
  readScopeWindowRatings,
  readScopes,
  type LeaderboardView,
  type LeaderboardWindow,
  type ScopesView,
  type WindowRatings,
} from "@arena/tournament/read";
import { readLeaderboardWithSpans } from "@arena/votes/read";
import { cached } from "@/lib/api/cache";
import { db } from "@/lib/db";

/**
 * The leaderboard and scope reads of `/` and `/analysis`, through the API's per-process cache
 * (dropped on every snapshot event, else refreshed after 2 s): every visitor of a scope sees one
 * stored snapshot, so parsing it once per change instead of once per request costs nothing in
 * freshness. Keys are prefixed so they never meet the API's cached response bodies.
 */
export function leaderboardFor(scope: { examiner?: string; tournament?: string }): Promise<LeaderboardView | null> {
  return cached(`page:leaderboard:${scope.examiner ?? ""}:${scope.tournament ?? ""}`, () => readLeaderboardWithSpans(db(), scope));
}

export async function scopes(): Promise<ScopesView> {
  return (await cached("page:scopes", () => readScopes(db())))!;
}

/** A leaderboard scope's window (`?window=30d`), fitted on read and cached like the board (2 s, dropped on snapshots). */
export function windowFor(scope: { examiner?: string; tournament?: string }, window: LeaderboardWindow): Promise<WindowRatings | null> {
  return cached(`page:window:${window}:${scope.examiner ?? ""}:${scope.tournament ?? ""}`, () =>
    readScopeWindowRatings(db(), scope, LEADERBOARD_WINDOWS[window]),
  );
}
