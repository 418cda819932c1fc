import { metricKnownAnswerTested, type LeaderboardMetric, type Scoreboard } from "@arena/scoring/read";
import { RATING_SCALE_NOTE } from "@arena/core/rating-display";
import type { LeaderboardView, ScopesView, WindowRatings } from "@arena/tournament/read";
import { Code, Empty, PageTitle, StandInBanner } from "@/components/ui";
import { LiveRefresh } from "@/components/live-refresh";
import { ScopeSelector } from "@/components/scope-selector";
import Link from "@/components/link";
import { query } from "@/lib/params";
import { CategoryTable } from "./category-table";
import { LeaderboardTable } from "./leaderboard-table";
import { hiddenScoreReason, METRIC_LABELS, SCORE_COLUMNS } from "./metrics";
import { ScoreNotes } from "./score-notes";
import { SnapshotNote } from "./snapshot-note";
import { WindowPills, WindowView } from "./window-view";
import { AuditedAgreement } from "../audit/agreement-line";
import { PeopleAgreement } from "../people/agreement-line";
import { ByPills } from "../people/people-page";

/** Chips for the topic leaderboards (the trees' categories), kept in the URL as `topic`. */
function TopicChips({ board, topic }: { board: LeaderboardView; topic: string | null }) {
  const categories = board.analysis?.categories ?? [];
  if (categories.length === 0) return null;
  const href = (t: string | null) => `/${query({ examiner: board.examiner?.id, tournament: board.tournament?.id, topic: t ?? undefined })}`;
  const chip = (active: boolean) =>
    `rounded-full border px-2.5 py-0.5 text-sm ${active ? "border-zinc-900 bg-zinc-900 text-white dark:border-zinc-100 dark:bg-zinc-100 dark:text-zinc-900" : "border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"}`;
  return (
    <nav aria-label="Topic" className="mb-3 flex flex-wrap items-center gap-2" data-testid="topic-chips">
      <span className="text-sm text-zinc-600 dark:text-zinc-400">Topic:</span>
      <Link href={href(null)} className={chip(topic === null)} aria-current={topic === null ? "page" : undefined}>
        all topics
      </Link>
      {categories.map((c) => (
        <Link key={c.topic} href={href(c.topic)} className={chip(topic === c.topic)} aria-current={topic === c.topic ? "page" : undefined}>
          {c.topic} <span className="text-xs opacity-75">({c.matches})</span>
        </Link>
      ))}
    </nav>
  );
}

/** Report-score columns whose scorer has not passed its known-answer test (hidden by default, marked when shown). */
const unvalidated = SCORE_COLUMNS.filter((m) => !metricKnownAnswerTested(m));

/** Which report-score columns are hidden by default and why, so a visitor knows they exist. */
function HiddenScoreColumns({ scores, unvalidated }: { scores: Scoreboard; unvalidated: readonly LeaderboardMetric[] }) {
  const modes = new Map(scores.metrics.map((m) => [m.metric, m.mode]));
  const hidden = SCORE_COLUMNS.flatMap((m) => {
    const why = hiddenScoreReason(modes.get(m), !unvalidated.includes(m));
    return why ? [`${METRIC_LABELS[m]} (${why})`] : [];
  });
  if (hidden.length === 0) return null;
  return (
    <p data-testid="hidden-columns" className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
      Not shown unless chosen under Columns: {hidden.join("; ")}.
    </p>
  );
}

export function LeaderboardPage({
  board,
  scopes,
  scores,
  topic = null,
  window = null,
}: {
  board: LeaderboardView;
  scopes: ScopesView;
  scores: Scoreboard;
  topic?: string | null;
  /** The ratings of a time window (`?window=30d`) in place of the all-time table, or null for all time. */
  window?: WindowRatings | null;
}) {
  const category = topic ? (board.analysis?.categories.find((c) => c.topic === topic) ?? null) : null;
  const names = Object.fromEntries(board.rows.map((r) => [r.agentId, r.name]));
  return (
    <>
      <PageTitle aside={<LiveRefresh tournament={board.tournament?.id} types={["snapshot", "scoreboard", "people", "tournament"]} />}>
        Leaderboard{board.tournament ? `: ${board.tournament.name}` : ""}
      </PageTitle>
      {board.tournament ? null : <ByPills by="examiner" examinerId={board.examiner?.id ?? null} />}
      <ScopeSelector
        scopes={scopes}
        examinerId={board.examiner?.id ?? null}
        tournamentId={board.tournament?.id ?? null}
        basePath="/"
        keep={{ window: window ? `${window.days}d` : undefined }}
      />
      {board.examiner ? <WindowPills board={board} window={window} /> : null}
      <AuditedAgreement examinerId={board.examiner?.id ?? null} />
      <PeopleAgreement examinerId={board.examiner?.id ?? null} />
      {board.examiner ? <StandInBanner mode={board.examiner.mode} name={board.examiner.name} /> : null}
      {window ? (
        <WindowView board={board} window={window} />
      ) : board.rows.length === 0 ? (
        <NoRatings board={board} />
      ) : (
        <>
          <SnapshotNote board={board} />
          <p data-testid="scale-note" className="mb-2 text-sm text-zinc-600 dark:text-zinc-400">
            {RATING_SCALE_NOTE} Agents the matches cannot separate share a rank; an agent that has not lost (or not won) shows as{" "}
            <em>unbeaten</em> (<em>winless</em>) with the bound its record supports, since the fit cannot give it a number. Each column is
            explained under the table.
          </p>
          <TopicChips board={board} topic={category ? category.topic : null} />
          {category ? (
            <>
              <p className="mb-2 text-sm text-zinc-600 dark:text-zinc-400" data-testid="category-note">
                Ratings fitted on the {category.matches} rated matches played on trees of the topic <strong>{category.topic}</strong> only,
                with sandwich intervals; the report scores and the other columns are on the page of all topics.
              </p>
              <CategoryTable category={category} names={names} preliminaryMatches={board.preliminaryMatches} />
            </>
          ) : (
            <>
              <LeaderboardTable
                rows={board.rows}
                examinerId={board.examiner?.id ?? null}
                scores={scores}
                unvalidated={unvalidated}
                preliminaryMatches={board.preliminaryMatches}
              />
              <HiddenScoreColumns scores={scores} unvalidated={unvalidated} />
            </>
          )}
          <div className="mt-3 space-y-1 text-xs text-zinc-500 dark:text-zinc-400">
            <p>
              Ratings are Bradley–Terry fits of this examiner configuration only; see{" "}
              <a href="/about#ratings" className="underline">
                About
              </a>
              .
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
        Nothing has been judged. Start a tournament with <Code>npx arena tournament start</Code>, or watch one with{" "}
        <Code>npm run demo</Code>.
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
