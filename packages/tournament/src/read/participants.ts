import type { Db } from "@arena/db";

/** The agents entered in each of `tournamentIds` (the console's "add agent…" offers only the others). */
export async function readParticipantIds(db: Db, tournamentIds: readonly string[]): Promise<Map<string, string[]>> {
  const rows = await db.tournamentParticipant.findMany({
    where: { tournamentId: { in: [...tournamentIds] } },
    select: { tournamentId: true, agentId: true },
  });
  const out = new Map<string, string[]>(tournamentIds.map((id) => [id, []]));
  for (const r of rows) out.get(r.tournamentId)?.push(r.agentId);
  return out;
}
