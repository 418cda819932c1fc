import type { MatchView } from "@arena/match/read";
import { LiveRefresh } from "@/components/live-refresh";
import { Empty, HeuristicBanner } from "@/components/ui";
import { MatchHeader } from "./match-header";
import { RoundCard } from "./round-card";

const ACTIVE = new Set(["queued", "running"]);

export function MatchPage({ match }: { match: MatchView }) {
  const active = ACTIVE.has(match.status);
  return (
    <>
      <div className="mb-2 flex justify-end">{active ? <LiveRefresh match={match.id} types={["round", "match"]} /> : null}</div>
      <MatchHeader match={match} />
      {match.examinerMode === "heuristic" ? <HeuristicBanner name={match.examinerName} /> : null}
      {match.roundsList.length === 0 ? (
        <Empty title={active ? "No round stored yet." : "This match has no rounds."}>
          {active
            ? "The examiner is preparing the first question; rounds appear here as they are judged."
            : "It ended before any round was judged (see the stop reason and error above)."}
        </Empty>
      ) : (
        match.roundsList.map((r) => <RoundCard key={r.number} round={r} match={match} />)
      )}
      {active && match.roundsList.length > 0 ? <p className="mt-6 text-sm text-zinc-500">The match is still running: new rounds appear here as they are judged.</p> : null}
    </>
  );
}
