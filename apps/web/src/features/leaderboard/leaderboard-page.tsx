import type { Scoreboard } from "@arena/scoring/read";
import type { LeaderboardView, ScopesView } from "@arena/tournament/read";
import { Code, Empty, HeuristicBanner, PageTitle } from "@/components/ui";
import { LiveRefresh } from "@/components/live-refresh";
import { ScopeSelector } from "@/components/scope-selector";
import { LeaderboardTable } from "./leaderboard-table";
import { ProfileLegend } from "./profile-bar";
import { ScoreNotes } from "./score-notes";
import { SnapshotNote } from "./snapshot-note";
import { AuditedAgreement } from "../audit/agreement-line";

export function LeaderboardPage({ board, scopes, scores }: { board: LeaderboardView; scopes: ScopesView; scores: Scoreboard }) {
  return (
    <>
      <PageTitle aside={<LiveRefresh tournament={board.tournament?.id} types={["snapshot", "scoreboard", "tournament"]} />}>
        Leaderboard{board.tournament ? `: ${board.tournament.name}` : ""}
      </PageTitle>
      <ScopeSelector scopes={scopes} examinerId={board.examiner?.id ?? null} tournamentId={board.tournament?.id ?? null} basePath="/" />
      <AuditedAgreement examinerId={board.examiner?.id ?? null} />
      {board.examiner?.mode === "heuristic" ? <HeuristicBanner name={board.examiner.name} /> : null}
      {board.rows.length === 0 ? (
        <NoRatings board={board} />
      ) : (
        <>
          <SnapshotNote board={board} />
          <p data-testid="scale-note" className="mb-2 text-sm text-zinc-600 dark:text-zinc-400">
            Ratings are on the chess scale: 400 points apart means 10:1 odds of winning a match. Agents share a rank when their 95 %
            intervals overlap, because their matches so far cannot tell them apart; an agent that has not lost (or not won) shows as{" "}
            <em>unbeaten</em> (<em>winless</em>) with the bound its record supports, since the fit cannot give it a number.
          </p>
          <LeaderboardTable rows={board.rows} examinerId={board.examiner?.id ?? null} scores={scores} />
          <div className="mt-3 space-y-1 text-xs text-zinc-500 dark:text-zinc-400">
            <p>
              <ProfileLegend />
            </p>
            <p>
              Rank = 1 + number of agents whose 95 % lower bound exceeds this agent&apos;s upper bound, so agents with overlapping intervals
              share a rank. <em>preliminary</em>: fewer than {board.preliminaryMatches} rated matches; its interval is still wide and its
              rank may move a lot. Ratings are Bradley–Terry fits (400 points apart = 10:1 expected odds) of this examiner configuration
              only; see <a href="/about#ratings" className="underline">About</a>.
            </p>
            <ScoreNotes scores={scores} />
          </div>
        </>
      )}
    </>
  );
}

function NoRatings({ board }: { board: LeaderboardView }) {
  if (!board.examiner) {
    return (
      <Empty title="No examiner configuration yet.">
        Nothing has been judged. Start a tournament with <Code>npx arena tournament start</Code>, or watch one with <Code>npm run demo</Code>.
      </Empty>
    );
  }
  if (board.examiner.ratedMatches > 0 && !board.tournament) {
    return (
      <Empty title={`${board.examiner.ratedMatches} rated matches, but no rating snapshot is stored yet.`}>
        The worker stores one after each finished match. If none appears, check that a worker is running (
        <Code>node apps/worker/bin/worker.mjs</Code>).
      </Empty>
    );
  }
  return (
    <Empty title="No rated match yet.">
      Ratings appear after the first finished match of this scope. Start a tournament with <Code>npx arena tournament start</Code> (or watch
      one with <Code>npm run demo</Code>).
    </Empty>
  );
}
