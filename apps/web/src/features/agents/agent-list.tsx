import Link from "next/link";
import type { AgentSummary } from "@arena/tournament/read";
import { Code, Empty, TableScroll, link, row, td, tdNum, th, thNum } from "@/components/ui";

export function AgentList({ agents }: { agents: AgentSummary[] }) {
  if (agents.length === 0) {
    return (
      <Empty title="No agent registered yet.">
        Register the built-in sandbox agents with <Code>npx arena agent builtin</Code>, or your own with <Code>npx arena agent add</Code>.
      </Empty>
    );
  }
  return (
    <TableScroll>
      <table className="w-full min-w-[560px] border-collapse text-sm" data-testid="agent-table">
        <thead>
          <tr>
            <th scope="col" className={th}>Agent</th>
            <th scope="col" className={th}>Protocol</th>
            <th scope="col" className={th}>Model</th>
            <th scope="col" className={th}>Status</th>
            <th scope="col" className={thNum}>Matches</th>
          </tr>
        </thead>
        <tbody>
          {agents.map((a) => (
            <tr key={a.id} className={row}>
              <td className={td}>
                <Link href={`/agents/${a.id}`} className={`${link} font-medium`}>
                  {a.name}
                </Link>
                {a.builtin ? <span className="ml-1.5 text-xs text-zinc-500">built-in</span> : null}
              </td>
              <td className={td}>{a.protocol}</td>
              <td className={td}>{a.model ?? "—"}</td>
              <td className={td}>{a.retired ? "retired" : a.status}</td>
              <td className={tdNum}>{a.matches}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
