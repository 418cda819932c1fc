import Link from "@/components/link";
import type { MatchView } from "@arena/match/read";
import { fmtTime } from "@/lib/format";
import { link, StatusBadge } from "@/components/ui";
import { resultText, stopReasonText } from "./labels";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

export function MatchHeader({ match }: { match: MatchView }) {
  const forfeits = match.roundsList.filter((r) => r.forfeit).length;
  const judged = match.roundsList.filter((r) => !r.voided && !r.forfeit).length;
  return (
    <header className="mb-6">
      <h1 className="text-xl font-semibold tracking-tight">
        <span className="text-zinc-500">A</span>{" "}
        <Link href={`/agents/${match.agentA.id}`} className={link}>
          {match.agentA.name}
        </Link>{" "}
        <span className="num">{match.scoreA}</span> <span className="text-zinc-500">–</span> <span className="num">{match.scoreB}</span>{" "}
        <Link href={`/agents/${match.agentB.id}`} className={link}>
          {match.agentB.name}
        </Link>{" "}
        <span className="text-zinc-500">B</span>
      </h1>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4">
        <Fact label="Status">
          <StatusBadge status={match.status} />
        </Fact>
        <Fact label="Result">
          {resultText(match.winner, match.agentA.name, match.agentB.name)}
          {match.wonByForfeit ? (
            <>
              {" "}
              <span
                className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
                data-testid="won-by-forfeit"
              >
                by forfeit
              </span>
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                Every counted round was a forfeit: the loser&apos;s agent failed or answered nothing. Rated as a loss for it.
              </span>
            </>
          ) : null}
        </Fact>
        <Fact label="Stop reason">{stopReasonText(match.stopReason)}</Fact>
        <Fact label="Rounds">
          {judged} judged{forfeits ? `, ${forfeits} forfeited` : ""}
          {match.voidedRounds ? `, ${match.voidedRounds} voided` : ""}
        </Fact>
        <Fact label="Tree">
          <Link href={`/trees/${match.treeId}`} className={link}>
            {match.treeTitle ?? match.treeId}
          </Link>
        </Fact>
        <Fact label="Examiner">
          {match.examinerName} <span className="text-zinc-500">({match.examinerMode})</span>
        </Fact>
        <Fact label="Tournament">
          {match.tournamentId ? (
            <Link href={`/tournaments/${match.tournamentId}`} className={link}>
              {match.tournamentName ?? match.tournamentId}
            </Link>
          ) : (
            "none (single match)"
          )}
        </Fact>
        <Fact label="Started / finished">
          <span className="text-xs">
            {fmtTime(match.startedAt)}
            <br />
            {fmtTime(match.finishedAt)}
          </span>
        </Fact>
      </dl>
      {match.error ? (
        <p className="mt-3 rounded border border-red-300 bg-red-50 p-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200">
          The match stopped with an error: {match.error}
        </p>
      ) : null}
    </header>
  );
}
