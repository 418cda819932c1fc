import Link from "@/components/link";
import type { Scoreboard } from "@arena/scoring/read";
import type { LeaderboardView, ScopesView, SnapshotAnalysis } from "@arena/tournament/read";
import { describeRating, RATING_SCALE_NOTE } from "@arena/core/rating-display";
import { ChartFigure, DataTable } from "@/components/chart-figure";
import { LiveRefresh } from "@/components/live-refresh";
import { ScopeSelector } from "@/components/scope-selector";
import { Empty, link, PageTitle, Section, StandInBanner } from "@/components/ui";
import { fmtNum, fmtP, fmtPct, fmtRating, fmtTime } from "@/lib/format";
import { EloHistoryChart, FailureTypesChart, HistogramChart, RatingsChart, SkillGapChart, VerdictChart } from "./charts";
import { ControlledPanel } from "./controlled-panel";
import { CorrelationPanel } from "./correlation-panel";
import { MatchCountHeatmap, PredictedHeatmap, WinRateHeatmap } from "./heatmaps";

const VERDICT_LABELS = [
  ["MUCH_BETTER", "much better"],
  ["BETTER", "better"],
  ["TIE_HIGH", "tie (both good)"],
  ["TIE_LOW", "tie (both poor)"],
] as const;

function Charts({ board, analysis }: { board: LeaderboardView; analysis: SnapshotAnalysis }) {
  const agents = board.rows.map((r) => ({ id: r.agentId, name: r.name }));
  const name = new Map(agents.map((a) => [a.id, a.name]));
  const matches = board.snapshot?.matchesCounted ?? 0;
  const from = `${matches} rated matches, ${analysis.rounds} judged rounds`;
  const eloPoints = analysis.eloHistory.map((p) => ({ matches: p.matches, ...p.elo }));
  const failures = analysis.agents
    .map((a) => ({ name: name.get(a.agentId) ?? a.agentId, ...a.lost }))
    .sort((x, y) => x.name.localeCompare(y.name));
  const gap = analysis.skillGap;
  const gapPoints = gap.points.map((p) => ({
    pair: p.agents.map((id) => name.get(id) ?? id).join(" vs "),
    gap: Math.round(p.gap),
    meanRounds: Number(p.meanRounds.toFixed(2)),
    matches: p.matches,
  }));
  const corr = gap.correlation;
  const v = analysis.verdicts;

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartFigure
        testId="chart-ratings"
        title="Ratings with 95 % intervals"
        caption={`Bradley–Terry rating (dot) and bootstrap interval (whisker) of each agent, from ${matches} rated matches; an agent that never lost (never won) has no finite rating and is drawn at the bound its record supports as ▶ at least (◀ at most). ${RATING_SCALE_NOTE}`}
        table={
          <DataTable
            head={["agent", "rating (95 % CI)", "flag"]}
            rows={board.rows.map((r) => [r.name, describeRating(r).text, r.ratingFlag])}
          />
        }
      >
        <RatingsChart rows={board.rows} />
      </ChartFigure>

      <ChartFigure
        testId="chart-elo"
        title="Elo history"
        caption={`Online Elo (K = 4) of each agent after each of ${matches} rated matches in finishing order (${analysis.eloHistory.length} points shown).`}
        table={
          <DataTable
            head={["after match", ...agents.map((a) => a.name)]}
            rows={analysis.eloHistory.map((p) => [
              `${p.matches}${p.at ? ` (${fmtTime(p.at)})` : ""}`,
              ...agents.map((a) => (p.elo[a.id] === undefined ? "—" : fmtRating(p.elo[a.id]!))),
            ])}
          />
        }
      >
        <EloHistoryChart points={eloPoints} agents={agents} />
      </ChartFigure>

      <figure className="min-w-0 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" data-testid="heatmap-winrate">
        <h3 className="text-sm font-semibold">Pairwise win fraction</h3>
        <figcaption className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">
          Share of matches the row agent won against the column agent (ties count ½), from {matches} rated matches; blue above 0.5, orange
          below.
        </figcaption>
        <WinRateHeatmap agents={agents} pairs={analysis.pairwise} />
      </figure>

      <figure className="min-w-0 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" data-testid="heatmap-predicted">
        <h3 className="text-sm font-semibold">Predicted win probability</h3>
        <figcaption className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">
          What the fitted ratings predict for each pair, 1 / (1 + 10^((column − row) / 400)); compare with the observed fractions. Unbeaten
          or winless agents show ≈1 or ≈0: their fit has no finite rating.
        </figcaption>
        <PredictedHeatmap agents={agents} rows={board.rows} />
      </figure>

      <figure className="min-w-0 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" data-testid="heatmap-count">
        <h3 className="text-sm font-semibold">Matches per pair</h3>
        <figcaption className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">
          Number of rated matches between each two agents ({matches} in all).
        </figcaption>
        <MatchCountHeatmap agents={agents} pairs={analysis.pairwise} />
      </figure>

      <ChartFigure
        testId="chart-verdicts"
        title="Verdict distribution"
        caption={`How the examiner judged ${v.rounds} rounds of ${matches} rated matches: the winner much better or better, or a tie.`}
        table={
          <DataTable
            head={["verdict", "rounds", "share"]}
            rows={VERDICT_LABELS.map(([k, label]) => [label, v.counts[k], fmtPct(v.shares[k], 1)])}
          />
        }
      >
        <VerdictChart data={VERDICT_LABELS.map(([k, label]) => ({ label, count: v.counts[k] }))} />
      </ChartFigure>

      <ChartFigure
        testId="chart-failures"
        title="Loser failure types per agent"
        caption={`Why each agent lost its rounds (DEEP: missed entities, WIDE: missed facts, BOTH, NONE), from ${from}. Overall: DEEP ${fmtPct(v.failureShares.DEEP, 1)}, WIDE ${fmtPct(v.failureShares.WIDE, 1)}, BOTH ${fmtPct(v.failureShares.BOTH, 1)}.`}
        table={
          <DataTable
            head={["agent", "DEEP", "WIDE", "BOTH", "NONE"]}
            rows={failures.map((f) => [f.name, f.DEEP, f.WIDE, f.BOTH, f.NONE])}
          />
        }
      >
        <FailureTypesChart data={failures} />
      </ChartFigure>

      <ChartFigure
        testId="chart-skill-gap"
        title="Skill gap vs match length"
        caption={`Each dot is a pair of agents: their rating gap against their mean rounds per match (${gap.points.length} pairs, ${matches} matches). ${
          corr && corr.r !== null
            ? `Pearson r = ${fmtNum(corr.r)}, p = ${fmtP(corr.p)}, n = ${corr.n}.`
            : "Too few pairs for a correlation (3 needed)."
        }`}
        table={
          <DataTable
            head={["pair", "rating gap", "mean rounds", "matches"]}
            rows={gapPoints.map((p) => [p.pair, p.gap, p.meanRounds, p.matches])}
          />
        }
      >
        <SkillGapChart points={gapPoints} />
      </ChartFigure>

      <ChartFigure
        testId="chart-depth"
        title="Depth at verdict"
        caption={`Depth of the question node in the tree when each of ${analysis.rounds} rounds was judged.`}
        table={<DataTable head={["depth", "rounds"]} rows={analysis.depthHistogram.map((h) => [h.value, h.count])} />}
      >
        <HistogramChart data={analysis.depthHistogram} xLabel="depth (levels below the hub page)" color={4} />
      </ChartFigure>

      <ChartFigure
        testId="chart-width"
        title="Width at verdict"
        caption={`Number of entities asked about at once when each of ${analysis.rounds} rounds was judged.`}
        table={<DataTable head={["width", "rounds"]} rows={analysis.widthHistogram.map((h) => [h.value, h.count])} />}
      >
        <HistogramChart data={analysis.widthHistogram} xLabel="width (entities per question)" color={0} />
      </ChartFigure>
    </div>
  );
}

export function AnalysisPage({ board, scopes, scores }: { board: LeaderboardView; scopes: ScopesView; scores: Scoreboard }) {
  const scopeLabel = `${board.examiner?.name ?? "no examiner"}${board.tournament ? `, tournament ${board.tournament.name}` : ""}`;
  return (
    <>
      <PageTitle aside={<LiveRefresh tournament={board.tournament?.id} types={["snapshot", "scoreboard"]} />}>Analysis</PageTitle>
      <ScopeSelector
        scopes={scopes}
        examinerId={board.examiner?.id ?? null}
        tournamentId={board.tournament?.id ?? null}
        basePath="/analysis"
      />
      {board.examiner ? <StandInBanner mode={board.examiner.mode} name={board.examiner.name} /> : null}
      {board.analysis && board.rows.length > 0 ? (
        <>
          <p className="mb-3 text-xs text-zinc-500 dark:text-zinc-400">
            From the snapshot of {board.snapshot?.matchesCounted ?? 0} rated matches stored {fmtTime(board.snapshot?.createdAt ?? null)} (
            {scopeLabel}); mean {fmtNum(board.analysis.meanRoundsPerMatch, 1)} rounds per match.
            {board.tournament ? (
              <>
                {" "}
                The Bradley–Terry rating history of this tournament, snapshot by snapshot, is on{" "}
                <Link href={`/tournaments/${board.tournament.id}#history`} className={link} data-testid="rating-history-link">
                  its page
                </Link>
                .
              </>
            ) : null}
          </p>
          <Charts board={board} analysis={board.analysis} />
        </>
      ) : (
        <Empty title={board.rows.length === 0 ? "No rated match yet." : "This snapshot was stored before analyses were kept."}>
          {board.rows.length === 0
            ? "Charts appear after the first finished match of this scope: start a tournament with npx arena tournament start."
            : "They appear with the next snapshot, written after the next finished match of this scope."}
        </Empty>
      )}
      <Section title="Style- and citation-controlled ratings" id="controlled">
        <ControlledPanel scores={scores} />
      </Section>
      <Section title="Correlation with another leaderboard" id="correlation">
        {board.rows.length >= 3 ? (
          <CorrelationPanel ours={board.rows.map((r) => ({ name: r.name, rating: r.rating }))} scopeLabel={scopeLabel} />
        ) : (
          <Empty title="At least 3 rated agents are needed to correlate with another leaderboard." />
        )}
      </Section>
    </>
  );
}
