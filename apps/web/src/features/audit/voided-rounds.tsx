import { matchVoids } from "@arena/audit/read";
import { db } from "@/lib/db";

/** On the match page: rounds an operator voided after an audit, by whom, why and when. */
export async function VoidedRounds({ matchId }: { matchId: string }) {
  const voids = await matchVoids(db(), matchId);
  if (voids.length === 0) return null;
  return (
    <div role="note" data-testid="voided-rounds" className="mb-4 rounded-md border-2 border-amber-500 p-3 text-sm">
      {voids.map((v) => (
        <p key={v.roundNumber}>
          <strong>Round {v.roundNumber} was voided</strong> by {v.by} on {v.at.slice(0, 16).replace("T", " ")} UTC: {v.reason}. Its points
          (A {v.pointsA}, B {v.pointsB}) no longer count; the score, result and ratings were recomputed.
        </p>
      ))}
    </div>
  );
}
