import { ResearchCost } from "./research-cost";
import Link from "@/components/link";
import type { AgentScoreMeans } from "@arena/scoring/read";
import type { AgentView } from "@arena/tournament/read";
import { ChartFigure, DataTable } from "@/components/chart-figure";
import { UntrustedMarkdown } from "@/components/markdown";
import { LiveRefresh } from "@/components/live-refresh";
import { pill } from "@/components/scope-selector";
import { Empty, ExternalLink, PageTitle, StandInBanner, Section, StatusBadge, link } from "@/components/ui";
import { fmtPct, fmtRating } from "@/lib/format";
import { query } from "@/lib/params";
import { FAILURE_COLORS } from "@/lib/palette";
import { describeRating, RATING_SCALE_NOTE } from "@arena/core/rating-display";
import { RatingCell } from "@/features/leaderboard/rating-cell";
import { ProfileBar } from "@/features/leaderboard/profile-bar";
import { AgentScores } from "./agent-scores";
import { AgentMatchesTable, HeadToHeadTable, type AgentMatchRow } from "./agent-tables";
import { RatingHistoryChart } from "./rating-history-chart";
import { AgentSpanRate } from "../votes/agent-span-rate";

function Stat({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <div className="text-xs text-zinc-500 dark:text-zinc-400">{label}</div>
      <div className="text-lg font-semibold tabular-nums">{children}</div>
    </div>
  );
}

function RatingSummary({ agent }: { agent: AgentView }) {
  const r = agent.rating;
  if (!r) {
    return (
      <Empty title="Not rated yet.">
        {agent.name} has no finished, judged match{agent.examiner ? ` under ${agent.examiner.name}` : ""} yet
        {agent.retired ? "" : ": it is rated once it has played in a tournament"}.
      </Empty>
    );
  }
  const d = describeRating(r);
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="rating-summary">
      <Stat label="Rating (95 % CI)">
        <RatingCell r={r} />
      </Stat>
      <Stat label="Rank">
        {r.rank}
        {r.preliminary ? <span className="ml-2 text-xs font-normal text-zinc-500">preliminary</span> : null}
      </Stat>
      <Stat label="Elo">{fmtRating(r.elo)}</Stat>
      <Stat label="Matches W-L-T">
        {r.wins}-{r.losses}-{r.ties}
      </Stat>
      <p data-testid="rating-note" className="col-span-2 text-xs text-zinc-500 sm:col-span-4 dark:text-zinc-400">
        {d.flag === "ok" ? "" : `${d.text}: ${d.note} `}
        {RATING_SCALE_NOTE}
      </p>
    </div>
  );
}

function FailureProfile({ agent }: { agent: AgentView }) {
  const s = agent.rating?.rounds;
  if (!s)
    return <Empty title="No judged round yet.">The failure profile counts how this agent loses rounds once it has played some.</Empty>;
  const lost = s.lost;
  return (
    <div className="text-sm">
      <p>
        {s.rounds} judged rounds: {s.wins} won, {s.losses} lost, {s.ties} tied; failure rate (lost + tied) {fmtPct(s.failureRate)}.
      </p>
      <p className="mt-2 flex items-center gap-3">
        <ProfileBar profile={s.profile} lost={s.losses} />
        <span className="text-xs text-zinc-500">
          {(["DEEP", "WIDE", "BOTH", "NONE"] as const).map((k) => (
            <span key={k} className="mr-3 inline-flex items-center gap-1">
              <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ backgroundColor: FAILURE_COLORS[k] }} aria-hidden />
              {k} {lost[k]}
            </span>
          ))}
        </span>
      </p>
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        Of its lost rounds: DEEP = missed the hidden entities, WIDE = found them but missed facts, BOTH = missed both, NONE = lost on other
        grounds.
      </p>
    </div>
  );
}

function HeadToHead({ agent }: { agent: AgentView }) {
  if (agent.headToHead.length === 0) return <Empty title="No rated match against anyone yet." />;
  return <HeadToHeadTable rows={agent.headToHead} />;
}

/** The agent's matches from its seat: which side it sat, who it met and how it ended. */
function matchRows(agent: AgentView): AgentMatchRow[] {
  return agent.matchesList.map((m) => {
    const seat = m.agentA.id === agent.id ? "A" : "B";
    const result = m.winner === null ? null : m.winner === "tie" ? "tie" : m.winner === seat ? "won" : "lost";
    return {
      id: m.id,
      finishedAt: m.finishedAt,
      seat,
      opponent: seat === "A" ? m.agentB : m.agentA,
      result,
      status: m.status,
      score: `${m.scoreA}–${m.scoreB}`,
      rounds: m.rounds,
      treeTitle: m.treeTitle,
    };
  });
}

function Matches({ agent }: { agent: AgentView }) {
  if (agent.matchesList.length === 0) return <Empty title="No match played yet." />;
  return (
    <>
      <AgentMatchesTable rows={matchRows(agent)} />
      {agent.matches > agent.matchesList.length ? (
        <p className="mt-2 text-sm">
          Showing the newest {agent.matchesList.length} of {agent.matches}.{" "}
          <Link href={`/matches?agent=${agent.id}`} className={link}>
            All its matches
          </Link>
        </p>
      ) : null}
    </>
  );
}

/** Ratings are per examiner configuration: one pill per configuration the agent has rated matches under. */
function ExaminerSwitch({ agent }: { agent: AgentView }) {
  if (agent.examiners.length < 2) return null;
  return (
    <nav aria-label="Examiner configuration" className="mb-4 flex flex-wrap items-center gap-1.5 text-sm">
      <span className="mr-1 text-zinc-500 dark:text-zinc-400">Examiner:</span>
      {agent.examiners.map((e) => {
        const active = e.id === agent.examiner?.id;
        return (
          <Link
            key={e.id}
            href={`/agents/${agent.id}${query({ examiner: e.id })}`}
            aria-current={active ? "page" : undefined}
            className={pill(active)}
          >
            {e.name}{" "}
            <span className="opacity-70">
              ({e.mode}, {e.ratedMatches} rated)
            </span>
          </Link>
        );
      })}
    </nav>
  );
}

export function AgentPage({ agent, scores }: { agent: AgentView; scores: AgentScoreMeans }) {
  return (
    <>
      <PageTitle aside={<LiveRefresh types={["snapshot"]} />}>{agent.name}</PageTitle>
      <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
        {agent.protocol}
        {agent.model ? ` · ${agent.model}` : ""} ·{" "}
        {agent.retired ? (
          <span data-testid="retired">retired by its owner: its matches and ratings stay, it plays no more</span>
        ) : (
          <StatusBadge status={agent.status} />
        )}
        {agent.examiner ? (
          <>
            {" "}
            · ratings under <strong>{agent.examiner.name}</strong> ({agent.examiner.mode})
          </>
        ) : null}
      </p>
      <p className="-mt-2 mb-4 text-sm text-zinc-600 dark:text-zinc-400" data-testid="agent-metadata">
        {agent.organisation ? (
          <>
            by <strong>{agent.organisation}</strong> ·{" "}
          </>
        ) : null}
        submitted {agent.createdAt.slice(0, 10)}
        {agent.link ? (
          <>
            {" "}
            · <ExternalLink href={agent.link}>{agent.link}</ExternalLink>
          </>
        ) : null}
      </p>
      {agent.description ? (
        <section aria-label="Description" className="mb-4 max-w-3xl rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800">
          <UntrustedMarkdown text={agent.description} testId="agent-description" />
        </section>
      ) : null}
      <ExaminerSwitch agent={agent} />
      {agent.examiner ? <StandInBanner mode={agent.examiner.mode} name={agent.examiner.name} /> : null}
      <RatingSummary agent={agent} />

      <Section title="Rating history" id="history">
        {agent.ratingHistory.length < 2 ? (
          <Empty title="Not enough snapshots for a history yet.">
            A point is added each time the ratings of its examiner configuration are refitted.
          </Empty>
        ) : (
          <ChartFigure
            testId="agent-rating-history"
            title="Bradley–Terry rating over time"
            caption={`Rating and 95 % interval in each of ${agent.ratingHistory.length} stored snapshots of ${agent.examiner?.name ?? "its examiner"} (all tournaments), by matches counted.`}
            table={
              <DataTable
                head={["matches", "rating (95 % CI)", "Elo"]}
                rows={agent.ratingHistory.map((h) => [h.matchesCounted, describeRating(h).text, fmtRating(h.elo)])}
              />
            }
          >
            <RatingHistoryChart history={agent.ratingHistory} />
          </ChartFigure>
        )}
      </Section>

      <Section title="Report scores" id="scores">
        <AgentScores scores={scores} examinerName={agent.examiner?.name ?? null} />
      </Section>

      <Section title="Passages readers marked" id="spans">
        <AgentSpanRate agentId={agent.id} />
      </Section>

      <Section title="Cost and time per research run" id="cost">
        <ResearchCost stats={agent.research} />
        <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
          Every stored round of every match of this agent is one research run. USD estimates use the provider&apos;s reported tokens and the
          arena&apos;s price table; tool fees (searches, code sessions) are not included.
        </p>
      </Section>

      <Section title="Failure profile" id="failures">
        <FailureProfile agent={agent} />
      </Section>

      <Section title="Head to head" id="h2h">
        <HeadToHead agent={agent} />
      </Section>

      <Section title="Matches" id="matches">
        <Matches agent={agent} />
      </Section>
    </>
  );
}
