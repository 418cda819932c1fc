import { Fragment } from "react";
import type { MatchView } from "@arena/match/read";
import type { RoundScores } from "@arena/scoring/read";
import { LiveRefresh } from "@/components/live-refresh";
import { Empty, HeuristicBanner } from "@/components/ui";
import { MatchHeader } from "./match-header";
import { RoundCard } from "./round-card";
import { VoidedRounds } from "../audit/voided-rounds";
import { RoundScorePanel } from "./round-scores";

const ACTIVE = new Set(["queued", "running"]);

export function MatchPage({ match, scores }: { match: MatchView; scores: RoundScores | null }) {
  const active = ACTIVE.has(match.status);
  const scoreOf = new Map(scores?.rounds.map((r) => [r.number, r]));
  const names = { A: match.agentA.name, B: match.agentB.name };
  return (
    <>
      <div className="mb-2 flex justify-end">{active ? <LiveRefresh match={match.id} types={["round", "match"]} /> : null}</div>
      <MatchHeader match={match} />
      <VoidedRounds matchId={match.id} />
      {match.examinerMode === "heuristic" ? <HeuristicBanner name={match.examinerName} /> : null}
      {match.roundsList.length === 0 ? (
        <Empty title={active ? "No round stored yet." : "This match has no rounds."}>
          {active
            ? "The examiner is preparing the first question; rounds appear here as they are judged."
            : "It ended before any round was judged (see the stop reason and error above)."}
        </Empty>
      ) : (
        match.roundsList.map((r) => (
          <Fragment key={r.number}>
            <RoundCard round={r} match={match} />
            <RoundScorePanel round={scoreOf.get(r.number)} treeId={match.treeId} names={names} />
          </Fragment>
        ))
      )}
      {active && match.roundsList.length > 0 ? <p className="mt-6 text-sm text-zinc-500">The match is still running: new rounds appear here as they are judged.</p> : null}
    </>
  );
}
