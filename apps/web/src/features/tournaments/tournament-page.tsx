import { ResearchCost } from "../agents/research-cost";
import Link from "next/link";
import type { TournamentView } from "@arena/tournament/read";
import { LiveRefresh } from "@/components/live-refresh";
import { Empty, HeuristicBanner, PageTitle, Section, StatusBadge, TableScroll, link, row, td, tdNum, th, thNum } from "@/components/ui";
import { fmtInterval, fmtRating, fmtTime, plural } from "@/lib/format";
import { query } from "@/lib/params";
import { BudgetPanel } from "./budget-panel";
import { Progress } from "./progress";

type Round = TournamentView["rounds"][number];
type MatchRef = Round["pairings"][number]["matches"][number];

function MatchChip({ m }: { m: MatchRef }) {
  const winner = m.winner === "A" ? m.agentA.name : m.winner === "B" ? m.agentB.name : null;
  return (
    <li className="flex flex-wrap items-baseline gap-x-2 text-xs">
      <Link href={`/matches/${m.id}`} className={link}>
        {m.treeTitle ?? "tree"}
      </Link>
      <span className="num">
        {m.scoreA}–{m.scoreB}
      </span>
      <span className="text-zinc-500">
        {plural(m.rounds, "round")} · A {m.agentA.name}
      </span>
      {m.status === "completed" ? <span>{winner ? `${winner} won` : m.winner === "tie" ? "tie" : ""}</span> : <StatusBadge status={m.status} />}
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
                <span className="text-zinc-400">vs</span>{" "}
                <Link href={`/agents/${p.agentB.id}`} className={link}>
                  {p.agentB.name}
                </Link>
                <ul className="mt-0.5 ml-3 space-y-0.5">
                  {p.matches.map((m) => (
                    <MatchChip key={m.id} m={m} />
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
  if (t.ratings.length === 0) return <Empty title="No rated match in this tournament yet.">Standings appear after its first finished match.</Empty>;
  return (
    <>
      <TableScroll>
        <table className="w-full min-w-[560px] border-collapse text-sm">
          <thead>
            <tr>
              <th scope="col" className={thNum}>Rank</th>
              <th scope="col" className={th}>Agent</th>
              <th scope="col" className={thNum}>Rating (95 % CI)</th>
              <th scope="col" className={thNum}>Elo</th>
              <th scope="col" className={thNum}>Matches</th>
              <th scope="col" className={thNum}>W-L-T</th>
            </tr>
          </thead>
          <tbody>
            {t.ratings.map((r) => (
              <tr key={r.agentId} className={row}>
                <td className={tdNum}>{r.rank}</td>
                <td className={td}>
                  <Link href={`/agents/${r.agentId}`} className={link}>
                    {r.name}
                  </Link>
                </td>
                <td className={tdNum}>
                  {fmtRating(r.rating)} <span className="text-xs text-zinc-500">{fmtInterval(r.rating, r.lower, r.upper)}</span>
                </td>
                <td className={tdNum}>{fmtRating(r.elo)}</td>
                <td className={tdNum}>{r.matches}</td>
                <td className={tdNum}>
                  {r.wins}-{r.losses}-{r.ties}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
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

export function TournamentPage({ t }: { t: TournamentView }) {
  const live = t.status === "running" || t.status === "paused" || t.status === "draft";
  return (
    <>
      <PageTitle aside={live ? <LiveRefresh tournament={t.id} /> : null}>
        Tournament {t.name} <StatusBadge status={t.status} />
      </PageTitle>
      <div className="mb-4 grid gap-3 text-sm sm:grid-cols-[1fr_auto]">
        <p className="text-zinc-600 dark:text-zinc-400">
          {t.mode === "continuous" ? `Continuous (no last round), round ${t.currentRound}` : `${t.pairing === "info" ? "Round" : "Swiss round"} ${t.currentRound} of ${t.swissRounds}`}
          {t.pairing === "info" ? " · information-seeking pairing" : ""} · {t.agents} agents · {t.trees} trees, {t.treesPerPairing} per pairing · examiner{" "}
          <strong>{t.examinerName}</strong> ({t.examinerMode}) · seed <code>{t.seed}</code>
          <br />
          created {fmtTime(t.createdAt)} · started {fmtTime(t.startedAt)} · finished {fmtTime(t.finishedAt)}
        </p>
        <Progress matches={t.matches} />
      </div>
      {t.examinerMode === "heuristic" ? <HeuristicBanner name={t.examinerName} /> : null}

      <Section title="Running cost" id="cost">
        <ResearchCost stats={t.cost} />
      </Section>

      <Section title="Budget" id="budget">
        <BudgetPanel budget={t.budget} status={t.status} />
      </Section>

      <Section title="Standings" id="standings">
        <Standings t={t} />
      </Section>

      <Section title="Swiss rounds" id="rounds">
        {t.rounds.length === 0 ? (
          <Empty title="Not paired yet.">
            {t.status === "draft" ? "The tournament has not been started: run npx arena tournament start <id>." : "The first round is paired when a worker picks the tournament up."}
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
