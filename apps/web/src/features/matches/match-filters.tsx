import Link from "@/components/link";
import type { MatchFilterOptions } from "@arena/match/read";
import { MATCH_STATUSES } from "@arena/match/read";
import { link } from "@/components/ui";

export type MatchFilter = { agent?: string; tournament?: string; tree?: string; status?: string; examiner?: string };

const FIELDS = [
  { key: "agent", label: "Agent", any: "any agent" },
  { key: "tournament", label: "Tournament", any: "any tournament" },
  { key: "tree", label: "Tree", any: "any tree" },
  { key: "examiner", label: "Examiner", any: "any examiner configuration" },
  { key: "status", label: "Status", any: "any status" },
] as const;

/**
 * The matches list's filters as a plain GET form: the choice lives in the URL (shareable, works
 * without scripts), and a new choice starts again from the newest match.
 */
export function MatchFilters({ options, filter }: { options: MatchFilterOptions; filter: MatchFilter }) {
  const choices: Record<(typeof FIELDS)[number]["key"], { id: string; name: string }[]> = {
    agent: options.agents,
    tournament: options.tournaments,
    tree: options.trees,
    examiner: options.examiners,
    status: MATCH_STATUSES.map((s) => ({ id: s, name: s })),
  };
  const active = FIELDS.filter((f) => filter[f.key]).length;
  return (
    <form
      method="get"
      action="/matches"
      className="mb-4 flex flex-wrap items-end gap-3 text-sm"
      data-testid="match-filters"
      aria-label="Filter matches"
    >
      {FIELDS.map((f) => (
        <label key={f.key} className="flex flex-col gap-0.5">
          <span className="text-xs text-zinc-600 dark:text-zinc-400">{f.label}</span>
          <select
            name={f.key}
            defaultValue={filter[f.key] ?? ""}
            className="max-w-56 rounded border border-zinc-300 bg-transparent px-2 py-1 dark:border-zinc-700 dark:bg-zinc-950"
          >
            <option value="">{f.any}</option>
            {choices[f.key].map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
      ))}
      <button type="submit" className="rounded bg-sky-700 px-3 py-1 font-medium text-white hover:bg-sky-800">
        Filter
      </button>
      {active > 0 ? (
        <Link href="/matches" className={link}>
          Clear {active === 1 ? "the filter" : `${active} filters`}
        </Link>
      ) : null}
    </form>
  );
}
