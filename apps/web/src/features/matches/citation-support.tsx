import type { CitationView } from "@arena/scoring/read";

type Pair = CitationView["pairs"][number];

const SUPPORT_STYLE = {
  supported: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200",
  unsupported: "bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200",
  contradicted: "bg-red-700 text-white dark:bg-red-800 dark:text-red-50",
  unknown: "bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300",
} as const;

const SUPPORT_TITLE = {
  supported: "the cited page backs the statement",
  unsupported: "the cited page does not back the statement",
  contradicted: "the cited page states another figure for the same thing: unsupported, and worse",
  unknown: "the cited page could not be read: never counted as support",
} as const;

/**
 * A cited statement's verdict: supported, unsupported, unknown, or — within unsupported — contradicted
 * (the page says otherwise), as the scorer stores it (`support` stays "unsupported" with `contradicted`).
 */
export function SupportBadge({ pair }: { pair: Pick<Pair, "support" | "contradicted"> }) {
  const shown = pair.support === "unsupported" && pair.contradicted ? "contradicted" : pair.support;
  return (
    <span
      className={`mr-1 rounded px-1 py-0.5 text-[0.7rem] font-medium ${SUPPORT_STYLE[shown]}`}
      title={SUPPORT_TITLE[shown]}
      data-testid="support-badge"
    >
      {shown}
    </span>
  );
}

/** "3 unsupported (1 contradicted)": the contradicted are counted within the unsupported. */
export function UnsupportedCount({ c }: { c: Pick<CitationView, "unsupported" | "contradicted"> }) {
  return (
    <span className="text-red-700 dark:text-red-300" data-testid="unsupported-count">
      {c.unsupported} unsupported{c.contradicted ? ` (${c.contradicted} contradicted)` : ""}
    </span>
  );
}
