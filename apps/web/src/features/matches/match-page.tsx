import { Fragment } from "react";
import type { MatchView } from "@arena/match/read";
import type { RoundScores } from "@arena/scoring/read";
import { LiveRefresh } from "@/components/live-refresh";
import { Empty, StandInBanner } from "@/components/ui";
import { MatchHeader } from "./match-header";
import { RoundCard } from "./round-card";
import { fmtTime } from "@/lib/format";
import { VoidedRounds } from "../audit/voided-rounds";
import { RoundScorePanel } from "./round-scores";
import { RoundNavigator } from "./round-navigator";

const ACTIVE = new Set(["queued", "running"]);

/** A round whose answers wait for research runs going on at the providers (background mode, 202 + poll). */
function Waiting({ match, waiting }: { match: MatchView; waiting: NonNullable<MatchView["waiting"]> }) {
  const seat = (name: string, run: NonNullable<MatchView["waiting"]>["a"]) =>
    run ? `${name}: research run ${run.status ?? "running"} since ${fmtTime(run.startedAt)} (${run.polls} looks)` : `${name}: answered`;
  return (
    <p
      data-testid="match-waiting"
      className="mt-3 rounded border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-200"
    >
      Round {waiting.round} waits for background research runs. {seat(`A ${match.agentA.name}`, waiting.a)};{" "}
      {seat(`B ${match.agentB.name}`, waiting.b)}. The worker looks again without holding a slot.
    </p>
  );
}

export function MatchPage({ match, scores }: { match: MatchView; scores: RoundScores | null }) {
  const active = ACTIVE.has(match.status);
  const scoreOf = new Map(scores?.rounds.map((r) => [r.number, r]));
  const names = { A: match.agentA.name, B: match.agentB.name };
  return (
    <>
      <div className="mb-2 flex justify-end">{active ? <LiveRefresh match={match.id} types={["round", "match"]} /> : null}</div>
      <MatchHeader match={match} />
      <VoidedRounds matchId={match.id} />
      <StandInBanner mode={match.examinerMode} name={match.examinerName} />
      {active && match.waiting ? <Waiting match={match} waiting={match.waiting} /> : null}
      {match.roundsList.length === 0 ? (
        <Empty title={active ? "No round stored yet." : "This match has no rounds."}>
          {active
            ? "The examiner is preparing the first question; rounds appear here as they are judged."
            : "It ended before any round was judged (see the stop reason and error above)."}
        </Empty>
      ) : (
        <>
          <RoundNavigator rounds={match.roundsList} />
          {match.roundsList.map((r) => (
            <Fragment key={r.number}>
              <RoundCard round={r} match={match} />
              <RoundScorePanel round={scoreOf.get(r.number)} treeId={match.treeId} names={names} />
            </Fragment>
          ))}
        </>
      )}
      {active && match.roundsList.length > 0 ? (
        <p className="mt-6 text-sm text-zinc-500">The match is still running: new rounds appear here as they are judged.</p>
      ) : null}
    </>
  );
}
