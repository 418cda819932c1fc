import Link from "@/components/link";
import type { ScopesView } from "@arena/tournament/read";
import { type PeopleLeaderboard, twoDecimals } from "@arena/votes/read";
import { Empty, PageTitle } from "@/components/ui";
import { LiveRefresh } from "@/components/live-refresh";
import { pill } from "@/components/scope-selector";
import { fmtInt, fmtTime, plural } from "@/lib/format";
import { query } from "@/lib/params";
import { PeopleTable } from "./people-table";

/** Examiner or people: the two leaderboards of one scope, side by side in the URL. */
export function ByPills({ by, examinerId }: { by: "examiner" | "people"; examinerId: string | null }) {
  return (
    <nav aria-label="Ranked by" className="mb-3 flex flex-wrap items-center gap-1.5 text-sm">
      <span className="mr-1 text-zinc-500 dark:text-zinc-400">Ranked by:</span>
      <Link
        href={`/${query({ examiner: examinerId ?? undefined })}`}
        className={pill(by === "examiner")}
        aria-current={by === "examiner" ? "page" : undefined}
      >
        the examiner
      </Link>
      <Link
        href={`/leaderboard${query({ by: "people", examiner: examinerId ?? undefined })}`}
        className={pill(by === "people")}
        aria-current={by === "people" ? "page" : undefined}
      >
        people
      </Link>
    </nav>
  );
}

/** Every round, or one examiner configuration's rounds. */
function PeopleScopes({ scopes, examinerId }: { scopes: ScopesView; examinerId: string | null }) {
  return (
    <nav aria-label="Scope" className="mb-4 flex flex-wrap items-center gap-1.5 text-sm">
      <span className="mr-1 text-zinc-500 dark:text-zinc-400">Rounds of:</span>
      <Link
        href={`/leaderboard${query({ by: "people" })}`}
        className={pill(examinerId === null)}
        aria-current={examinerId === null ? "page" : undefined}
      >
        every examiner
      </Link>
      {scopes.examiners.map((e) => (
        <Link
          key={e.id}
          href={`/leaderboard${query({ by: "people", examiner: e.id })}`}
          className={pill(e.id === examinerId)}
          aria-current={e.id === examinerId ? "page" : undefined}
        >
          {e.name}
        </Link>
      ))}
    </nav>
  );
}

/** What the agreement line rests on, in a sentence or two. */
function AgreementDetail({ board }: { board: PeopleLeaderboard }) {
  const a = board.agreement;
  if (!a) return null;
  const left = a.leftOut;
  const leftOut = left.owner + left.excluded + left.lowGold + left.voided;
  return (
    <p className="mb-2 text-sm text-zinc-600 dark:text-zinc-400" data-testid="people-detail">
      {a.enough && a.spearman && a.kendall ? (
        <>
          Against {board.comparedWith?.name ?? "the examiner"}&apos;s ratings over {plural(a.agents, "agent")} with at least{" "}
          {a.minimum.votesPerAgent} counted verdicts each: Spearman&apos;s ρ {twoDecimals(a.spearman.value)} [
          {twoDecimals(a.spearman.lower)}, {twoDecimals(a.spearman.upper)}], Kendall&apos;s τ-b {twoDecimals(a.kendall.value)} [
          {twoDecimals(a.kendall.lower)}, {twoDecimals(a.kendall.upper)}] ({fmtInt(a.votes)} verdicts among them).{" "}
        </>
      ) : (
        <>
          Not enough votes yet for an agreement figure: it needs {a.minimum.agents} agents with {a.minimum.votesPerAgent} counted verdicts
          each and {a.minimum.votes} verdicts among them ({plural(a.agents, "agent")}, {fmtInt(a.votes)} verdicts so far).{" "}
        </>
      )}
      {a.kappa ? (
        <>
          Cohen&apos;s κ between the examiner&apos;s verdict and people&apos;s on the same rounds (win/loss/tie):{" "}
          {twoDecimals(a.kappa.value)} [{twoDecimals(a.kappa.lower)}, {twoDecimals(a.kappa.upper)}] over {fmtInt(a.kappa.n)} verdicts.{" "}
        </>
      ) : null}
      Counted: {plural(a.sources.votes, "vote")} and {plural(a.sources.audits, "auditor verdict")}
      {leftOut > 0
        ? `; left out: ${fmtInt(leftOut)} (own agents ${left.owner}, excluded voters ${left.excluded}, below the gold threshold ${left.lowGold}, voided rounds ${left.voided})`
        : ""}
      .
    </p>
  );
}

/** `/leaderboard?by=people`: the people's Bradley–Terry leaderboard and how far it agrees with the examiner. */
export function PeoplePage({ board, scopes }: { board: PeopleLeaderboard; scopes: ScopesView }) {
  const examinerId = board.examiner?.id ?? null;
  return (
    <>
      <PageTitle aside={<LiveRefresh types={["people", "snapshot"]} />}>Leaderboard: people</PageTitle>
      <ByPills by="people" examinerId={examinerId} />
      <PeopleScopes scopes={scopes} examinerId={examinerId} />
      <p data-testid="people-agreement" className="mb-1 text-sm">
        <span className="font-medium">{board.agreementLine}</span>
      </p>
      <AgreementDetail board={board} />
      {board.rows.length === 0 ? (
        <Empty title="No counted votes yet.">
          People&apos;s blind verdicts appear here once the workers have counted them.{" "}
          <Link className="underline" href="/vote">
            Vote on a round
          </Link>
          .
        </Empty>
      ) : (
        <>
          {board.snapshot ? (
            <p className="mb-2 text-xs text-zinc-500 dark:text-zinc-400" data-testid="people-snapshot">
              {fmtInt(board.snapshot.votesCounted)} counted verdicts, computed {fmtTime(board.snapshot.createdAt)}.
            </p>
          ) : null}
          <PeopleTable rows={board.rows} examinerId={examinerId} minVotesPerAgent={board.minVotesPerAgent} />
          <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">
            People&apos;s verdicts are blind (agents hidden, seats drawn per voter); votes on one&apos;s own agents, of excluded voters and
            of voters who disagree with decisive, auditor-confirmed rounds too often are not counted.{" "}
            <Link className="underline" href="/vote">
              Vote
            </Link>{" "}
            ·{" "}
            <a className="underline" href="/api/votes.jsonl">
              votes.jsonl
            </a>{" "}
            ·{" "}
            <a className="underline" href={`/api/leaderboard.csv${query({ by: "people", examiner: examinerId ?? undefined })}`}>
              CSV
            </a>
          </p>
        </>
      )}
    </>
  );
}
