import Link from "@/components/link";
import type { ScopesView } from "@arena/tournament/read";
import { query } from "@/lib/params";

/** A selector link, filled when it is the current choice. */
export const pill = (active: boolean) =>
  `inline-block rounded-full border px-2.5 py-0.5 text-xs ${active ? "border-zinc-900 bg-zinc-900 text-white dark:border-zinc-100 dark:bg-zinc-100 dark:text-zinc-900" : "border-zinc-300 hover:border-zinc-500 dark:border-zinc-700"}`;

/**
 * Examiner configuration and tournament as plain links (no script needed): a tournament is
 * offered only under its own examiner configuration, since numbers are never pooled across them.
 */
export function ScopeSelector({
  scopes,
  examinerId,
  tournamentId,
  basePath,
  keep = {},
}: {
  scopes: ScopesView;
  examinerId: string | null;
  tournamentId: string | null;
  basePath: string;
  /** Other URL state the links carry over (the leaderboard's time window). */
  keep?: Record<string, string | undefined>;
}) {
  const tournaments = scopes.tournaments.filter((t) => t.examinerConfigId === examinerId);
  return (
    <nav aria-label="Scope" className="mb-4 space-y-2 text-sm">
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="mr-1 text-zinc-500 dark:text-zinc-400">Examiner:</span>
        {scopes.examiners.map((e) => (
          <Link
            key={e.id}
            href={`${basePath}${query({ examiner: e.id, ...keep })}`}
            className={pill(e.id === examinerId)}
            aria-current={e.id === examinerId ? "page" : undefined}
          >
            {e.name}{" "}
            <span className="opacity-70">
              ({e.mode}, {e.ratedMatches} rated)
            </span>
          </Link>
        ))}
      </div>
      {examinerId && tournaments.length > 0 ? (
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="mr-1 text-zinc-500 dark:text-zinc-400">Tournament:</span>
          <Link
            href={`${basePath}${query({ examiner: examinerId, ...keep })}`}
            className={pill(!tournamentId)}
            aria-current={!tournamentId ? "page" : undefined}
          >
            all matches
          </Link>
          {tournaments.map((t) => (
            <Link
              key={t.id}
              href={`${basePath}${query({ examiner: examinerId, tournament: t.id, ...keep })}`}
              className={pill(t.id === tournamentId)}
              aria-current={t.id === tournamentId ? "page" : undefined}
            >
              {t.name} <span className="opacity-70">({t.status})</span>
            </Link>
          ))}
        </div>
      ) : null}
    </nav>
  );
}
