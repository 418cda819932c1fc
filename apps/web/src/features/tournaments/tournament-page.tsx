import { DEFAULT_PAIRING, PAIRING_RULES, roundInWords, roundsHeading } from "@arena/core";
import { ResearchCost } from "../agents/research-cost";
import Link from "@/components/link";
import { PRELIMINARY_MATCHES, type RatingHistory, type TournamentView } from "@arena/tournament/read";
import { LiveRefresh } from "@/components/live-refresh";
import { Empty, PageTitle, Section, StandInBanner, StatusBadge, link } from "@/components/ui";
import { fmtTime, plural } from "@/lib/format";
import { query } from "@/lib/params";
import { BudgetPanel } from "./budget-panel";
import { Progress } from "./progress";
import { RatingHistorySection } from "./rating-history";
import { StandingsTable } from "./standings-table";

type Round = TournamentView["rounds"][number];
type MatchRef = Round["pairings"][number]["matches"][number];

/**
 * One match of a pairing, its score written in the pairing's order (first-named agent first, as
 * in the "X vs Y" line above it), whichever seat each agent sat in for this match.
 */
function MatchChip({ m, first }: { m: MatchRef; first: { id: string; name: string } }) {
  const firstIsA = m.agentA.id === first.id;
  const [mine, theirs] = firstIsA ? [m.scoreA, m.scoreB] : [m.scoreB, m.scoreA];
  const second = firstIsA ? m.agentB : m.agentA;
  const winner = m.winner === "A" ? m.agentA.name : m.winner === "B" ? m.agentB.name : null;
  return (
    <li className="flex flex-wrap items-baseline gap-x-2 text-xs" data-testid="pairing-match">
      <Link href={`/matches/${m.id}`} className={link}>
        {m.treeTitle ?? "tree"}
      </Link>
      <span className="num" title={`${first.name} ${mine}, ${second.name} ${theirs}`}>
        {first.name} {mine}–{theirs} {second.name}
      </span>
      <span className="text-zinc-500">
        {plural(m.rounds, "round")} · seat A: {m.agentA.name}
      </span>
      {m.status === "completed" ? (
        <span>{winner ? `${winner} won` : m.winner === "tie" ? "tie" : ""}</span>
      ) : (
        <StatusBadge status={m.status} />
      )}
    </li>
  );
}

function SwissRound({ round }: { round: Round }) {
  return (
    <div className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" data-testid={`swiss-round-${round.number}`}>
      <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold">
        Round {round.number} <StatusBadge status={round.status} />
      </h3>
      <ul className="space-y-2">
        {round.pairings.map((p) => (
          <li key={p.id} className="text-sm">
            {p.agentB ? (
              <>
                <Link href={`/agents/${p.agentA.id}`} className={link}>
                  {p.agentA.name}
                </Link>{" "}
                <span className="text-zinc-500">vs</span>{" "}
                <Link href={`/agents/${p.agentB.id}`} className={link}>
                  {p.agentB.name}
                </Link>
                <ul className="mt-0.5 ml-3 space-y-0.5">
                  {p.matches.map((m) => (
                    <MatchChip key={m.id} m={m} first={p.agentA} />
                  ))}
                </ul>
              </>
            ) : (
              <>
                <Link href={`/agents/${p.agentA.id}`} className={link}>
                  {p.agentA.name}
                </Link>{" "}
                <span className="text-zinc-500">has a bye (odd number of agents: no match this round)</span>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Standings({ t }: { t: TournamentView }) {
  if (t.ratings.length === 0)
    return <Empty title="No rated match in this tournament yet.">Standings appear after its first finished match.</Empty>;
  return (
    <>
      <StandingsTable rows={t.ratings} />
      {t.ratings.some((r) => r.preliminary) ? (
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          <em>preliminary</em>: fewer than {PRELIMINARY_MATCHES} rated matches; its interval is still wide and its rank may move a lot.
        </p>
      ) : null}
      <p className="mt-2 text-sm">
        <Link href={`/${query({ examiner: t.examinerConfigId, tournament: t.id })}`} className={link}>
          Full leaderboard of this tournament
        </Link>{" "}
        ·{" "}
        <Link href={`/analysis${query({ examiner: t.examinerConfigId, tournament: t.id })}`} className={link}>
          its analysis
        </Link>{" "}
        ·{" "}
        <Link href={`/matches${query({ tournament: t.id })}`} className={link}>
          its matches
        </Link>
      </p>
    </>
  );
}

export function TournamentPage({ t, history }: { t: TournamentView; history: RatingHistory }) {
  const live = t.status === "running" || t.status === "paused" || t.status === "draft";
  return (
    <>
      <PageTitle aside={live ? <LiveRefresh tournament={t.id} /> : null}>
        Tournament {t.name} <StatusBadge status={t.status} />
      </PageTitle>
      <div className="mb-4 grid gap-3 text-sm sm:grid-cols-[1fr_auto]">
        <p className="text-zinc-600 dark:text-zinc-400">
          {roundInWords(t)}
          {t.pairing === DEFAULT_PAIRING ? "" : ` · ${PAIRING_RULES[t.pairing].description}`} · {t.agents} agents · {t.trees} trees,{" "}
          {t.treesPerPairing} per pairing · examiner <strong>{t.examinerName}</strong> ({t.examinerMode}) · seed <code>{t.seed}</code>
          <br />
          created {fmtTime(t.createdAt)} · started {fmtTime(t.startedAt)} · finished {fmtTime(t.finishedAt)}
        </p>
        <Progress matches={t.matches} />
      </div>
      <StandInBanner mode={t.examinerMode} name={t.examinerName} />

      <Section title="Running cost" id="cost">
        <ResearchCost stats={t.cost} />
      </Section>

      <Section title="Budget" id="budget">
        <BudgetPanel budget={t.budget} status={t.status} />
      </Section>

      <Section title="Standings" id="standings">
        <Standings t={t} />
      </Section>

      <Section title="Rating history" id="history">
        <RatingHistorySection history={history} />
      </Section>

      <Section title={roundsHeading(t.pairing)} id="rounds">
        {t.rounds.length === 0 ? (
          <Empty title="Not paired yet.">
            {t.status === "draft"
              ? "The tournament has not been started: run npx arena tournament start <id>."
              : "The first round is paired when a worker picks the tournament up."}
          </Empty>
        ) : (
          <div className="grid gap-3 md:grid-cols-2">
            {[...t.rounds].reverse().map((r) => (
              <SwissRound key={r.number} round={r} />
            ))}
          </div>
        )}
      </Section>

      <Section title="Participants" id="participants">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {t.participants.map((p) => (
            <li key={p.agentId}>
              <Link href={`/agents/${p.agentId}`} className={link}>
                {p.name}
              </Link>
              <span className="text-xs text-zinc-500">
                {p.joinedRound > 1 ? ` joined in round ${p.joinedRound}` : ""}
                {p.byes ? ` · ${p.byes} bye${p.byes > 1 ? "s" : ""}` : ""}
              </span>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
