"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback } from "react";

/**
 * A table's view (sort, visible columns, filters) kept in the page's search parameters so a view
 * can be shared as a link. Written with history.replaceState: Next.js keeps useSearchParams in
 * step with it, and the server page is not fetched again for a change that only re-orders rows.
 */
export function useUrlState(prefix: string) {
  const params = useSearchParams();
  const pathname = usePathname();
  const get = useCallback((key: string) => params.get(`${prefix}${key}`), [params, prefix]);
  const set = useCallback(
    (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(params.toString());
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === "") next.delete(`${prefix}${key}`);
        else next.set(`${prefix}${key}`, value);
      }
      const q = next.toString();
      window.history.replaceState(null, "", `${pathname}${q ? `?${q}` : ""}${window.location.hash}`);
    },
    [params, pathname, prefix],
  );
  return { get, set };
}

/** `rating` ascending, `-rating` descending; unknown columns fall back to the default. */
export function parseSort(raw: string | null, known: ReadonlySet<string>): { id: string; desc: boolean } | null {
  if (!raw) return null;
  const desc = raw.startsWith("-");
  const id = desc ? raw.slice(1) : raw;
  return known.has(id) ? { id, desc } : null;
}

export const formatSort = (s: { id: string; desc: boolean }) => `${s.desc ? "-" : ""}${s.id}`;

/** A comma-separated list of column ids, unknown ones dropped; null when absent. */
export function parseColumns(raw: string | null, known: ReadonlySet<string>): string[] | null {
  if (raw === null) return null;
  return raw.split(",").filter((id) => known.has(id));
}
