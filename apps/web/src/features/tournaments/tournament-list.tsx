import Link from "next/link";
import type { TournamentSummary } from "@arena/tournament/read";
import { Code, Empty, StatusBadge, TableScroll, link, row, td, tdNum, th, thNum } from "@/components/ui";
import { fmtTime } from "@/lib/format";
import { Progress } from "./progress";

export function TournamentList({ tournaments }: { tournaments: TournamentSummary[] }) {
  if (tournaments.length === 0) {
    return (
      <Empty title="No tournament yet.">
        Create one with <Code>npx arena tournament create --name t1 --agents a,b,c --all-trees</Code>, then start it with{" "}
        <Code>npx arena tournament start &lt;id&gt;</Code>.
      </Empty>
    );
  }
  return (
    <TableScroll>
      <table className="w-full min-w-[760px] border-collapse text-sm" data-testid="tournament-table">
        <thead>
          <tr>
            <th scope="col" className={th}>Tournament</th>
            <th scope="col" className={th}>Status</th>
            <th scope="col" className={thNum}>Swiss round</th>
            <th scope="col" className={thNum}>Agents</th>
            <th scope="col" className={thNum}>Trees</th>
            <th scope="col" className={th}>Progress</th>
            <th scope="col" className={th}>Examiner</th>
            <th scope="col" className={th}>Created</th>
          </tr>
        </thead>
        <tbody>
          {tournaments.map((t) => (
            <tr key={t.id} className={row}>
              <td className={td}>
                <Link href={`/tournaments/${t.id}`} className={`${link} font-medium`}>
                  {t.name}
                </Link>
              </td>
              <td className={td}>
                <StatusBadge status={t.status} />
              </td>
              <td className={tdNum}>
                {t.currentRound}/{t.swissRounds}
              </td>
              <td className={tdNum}>{t.agents}</td>
              <td className={tdNum}>{t.trees}</td>
              <td className={td}>
                <Progress matches={t.matches} />
              </td>
              <td className={td}>
                {t.examinerName} <span className="text-xs text-zinc-500">({t.examinerMode})</span>
              </td>
              <td className={`${td} whitespace-nowrap text-xs text-zinc-500`}>{fmtTime(t.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
