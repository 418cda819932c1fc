import Link from "next/link";
import type { MatchListItem } from "@arena/match/read";
import { StatusBadge, TableScroll, link, row, td, tdNum, th, thNum } from "@/components/ui";
import { fmtTime } from "@/lib/format";

function Side({ agent, won }: { agent: { id: string; name: string }; won: boolean }) {
  return (
    <Link href={`/agents/${agent.id}`} className={`${link} ${won ? "font-semibold" : ""}`}>
      {agent.name}
    </Link>
  );
}

/** Matches newest first; the winner's name in bold, the score links to the match. */
export function MatchTable({ items }: { items: MatchListItem[] }) {
  return (
    <TableScroll>
      <table className="w-full min-w-[760px] border-collapse text-sm" data-testid="match-table">
        <thead>
          <tr>
            <th scope="col" className={th}>Created</th>
            <th scope="col" className={th}>A</th>
            <th scope="col" className={thNum}>Score</th>
            <th scope="col" className={th}>B</th>
            <th scope="col" className={thNum}>Rounds</th>
            <th scope="col" className={th}>Status</th>
            <th scope="col" className={th}>Tree</th>
            <th scope="col" className={th}>Tournament</th>
          </tr>
        </thead>
        <tbody>
          {items.map((m) => (
            <tr key={m.id} className={row} data-testid="match-row">
              <td className={`${td} whitespace-nowrap text-xs text-zinc-500`}>{fmtTime(m.createdAt)}</td>
              <td className={td}>
                <Side agent={m.agentA} won={m.winner === "A"} />
              </td>
              <td className={tdNum}>
                <Link href={`/matches/${m.id}`} className={link} aria-label={`match ${m.agentA.name} versus ${m.agentB.name}`}>
                  {m.scoreA}–{m.scoreB}
                </Link>
              </td>
              <td className={td}>
                <Side agent={m.agentB} won={m.winner === "B"} />
              </td>
              <td className={tdNum}>{m.rounds}</td>
              <td className={td}>
                <StatusBadge status={m.status} /> {m.winner === "tie" ? <span className="text-xs text-zinc-500">tie</span> : null}
                {m.examinerMode === "heuristic" ? <span className="ml-1 text-xs text-amber-700 dark:text-amber-400">heuristic</span> : null}
              </td>
              <td className={td}>
                <Link href={`/trees/${m.treeId}`} className={link}>
                  {m.treeTitle ?? "tree"}
                </Link>
              </td>
              <td className={td}>
                {m.tournamentId ? (
                  <Link href={`/tournaments/${m.tournamentId}`} className={link}>
                    {m.tournamentName}
                  </Link>
                ) : (
                  <span className="text-zinc-400">—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
