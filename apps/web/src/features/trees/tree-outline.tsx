import Link from "@/components/link";
import type { TreeView } from "@arena/trees/read";
import { ExternalLink, link } from "@/components/ui";
import { fmtChars } from "@/lib/format";

/** Depth-first outline, indented by depth; each node links to its page in the explorer. */
export function TreeOutline({ tree }: { tree: TreeView }) {
  return (
    <ol className="text-sm" data-testid="tree-outline">
      {tree.outline.map((n) => (
        <li
          key={n.id}
          className="flex flex-wrap items-baseline gap-x-2 border-t border-zinc-100 py-1 dark:border-zinc-800"
          style={{ paddingLeft: `${Math.min(n.depth, 12) * 1.25}rem` }}
        >
          <span className="num w-6 text-xs text-zinc-500" title="depth">
            {n.depth}
          </span>
          <Link href={`/trees/${tree.id}/nodes/${n.id}`} className={link}>
            {n.title ?? n.url}
          </Link>
          {n.relationship ? <span className="text-xs text-zinc-500">({n.relationship})</span> : null}
          <span className={`num text-xs ${n.contentChars === 0 ? "text-amber-700 dark:text-amber-400" : "text-zinc-500"}`}>
            {n.contentChars === 0 ? "no content" : fmtChars(n.contentChars)}
          </span>
          {n.error ? <span className="text-xs text-red-700 dark:text-red-400">error: {n.error}</span> : null}
          <ExternalLink href={n.url} className="text-xs text-zinc-500 hover:text-zinc-700 dark:hover:text-zinc-200">
            <span role="img" aria-label={`source page of ${n.title ?? n.url}`}>
              ↗
            </span>
          </ExternalLink>
        </li>
      ))}
    </ol>
  );
}
