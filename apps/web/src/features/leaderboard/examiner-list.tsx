import Link from "next/link";
import type { ExaminerSummary } from "@arena/tournament/read";
import { Code, Empty, TableScroll, link, row, td, tdNum, th, thNum } from "@/components/ui";
import { fmtTime } from "@/lib/format";

/** Every examiner configuration with what defines it (never its key) and how much it has judged. */
export function ExaminerList({ examiners }: { examiners: ExaminerSummary[] }) {
  if (examiners.length === 0) {
    return (
      <Empty title="No examiner configuration yet.">
        One is created with the first tournament or match, e.g. <Code>npx arena tournament create … --examiner heuristic</Code>.
      </Empty>
    );
  }
  return (
    <TableScroll>
      <table className="w-full min-w-[640px] border-collapse text-sm" data-testid="examiner-table">
        <thead>
          <tr>
            <th scope="col" className={th}>Name</th>
            <th scope="col" className={th}>Mode</th>
            <th scope="col" className={th}>Model</th>
            <th scope="col" className={thNum} title="Sampling temperature to generate questions / to judge">Temperature</th>
            <th scope="col" className={th}>Judging</th>
            <th scope="col" className={th}>Prompts</th>
            <th scope="col" className={thNum}>Rated matches</th>
            <th scope="col" className={th}>Created</th>
          </tr>
        </thead>
        <tbody>
          {examiners.map((e) => (
            <tr key={e.id} className={row}>
              <td className={td}>
                <Link href={`/?examiner=${e.id}`} className={link}>
                  {e.name}
                </Link>
              </td>
              <td className={td}>{e.mode}</td>
              <td className={td}>{e.model ?? "—"}</td>
              <td className={tdNum}>{e.mode === "llm" ? `${e.generationTemperature} / ${e.judgeTemperature}` : "—"}</td>
              <td className={td}>{e.doubleJudge ? "twice, seats swapped" : "once"}</td>
              <td className={td}>{e.promptVersion}</td>
              <td className={tdNum}>{e.ratedMatches}</td>
              <td className={`${td} whitespace-nowrap text-xs text-zinc-500`}>{fmtTime(e.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
