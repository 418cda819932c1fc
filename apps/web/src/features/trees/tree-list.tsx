import Link from "next/link";
import type { TreeSummaryView } from "@arena/trees/read";
import { Code, Empty, TableScroll, link, row, td, tdNum, th, thNum } from "@/components/ui";

export function TreeList({ trees }: { trees: TreeSummaryView[] }) {
  if (trees.length === 0) {
    return (
      <Empty title="No information tree stored yet.">
        Import the published trees with <Code>npx arena tree import &lt;dir&gt;</Code>, crawl one with <Code>npx arena tree crawl &lt;url&gt;</Code>, or
        generate a synthetic world with <Code>npx arena world generate --seed demo</Code>.
      </Empty>
    );
  }
  return (
    <TableScroll>
      <table className="w-full min-w-[640px] border-collapse text-sm" data-testid="tree-table">
        <thead>
          <tr>
            <th scope="col" className={th}>Tree</th>
            <th scope="col" className={th}>Topic</th>
            <th scope="col" className={th}>Source</th>
            <th scope="col" className={thNum}>Nodes</th>
            <th scope="col" className={thNum}>Max depth</th>
            <th scope="col" className={thNum}>Matches</th>
          </tr>
        </thead>
        <tbody>
          {trees.map((t) => (
            <tr key={t.id} className={row}>
              <td className={td}>
                <Link href={`/trees/${t.id}`} className={`${link} font-medium`}>
                  {t.title ?? t.rootUrl}
                </Link>
                <div className="break-all text-xs text-zinc-500">{t.rootUrl}</div>
              </td>
              <td className={td}>{t.topic ?? "—"}</td>
              <td className={td}>{t.source}</td>
              <td className={tdNum}>{t.nodes}</td>
              <td className={tdNum}>{t.maxDepth}</td>
              <td className={tdNum}>{t.matches}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
