/** Next passes repeated query keys as arrays; pages want one bounded string or nothing. */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export function one(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v && v.length <= 200 ? v : undefined;
}

/** The examiner/tournament scope a leaderboard-like page was asked for. */
export async function scopeOf(searchParams: SearchParams): Promise<{ examiner?: string; tournament?: string }> {
  const sp = await searchParams;
  const examiner = one(sp.examiner);
  const tournament = one(sp.tournament);
  return { ...(examiner ? { examiner } : {}), ...(tournament ? { tournament } : {}) };
}

/** A query string of the defined entries (leading `?`, or empty). */
export function query(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** The leaderboard's time window from the URL (`window=30d`); anything else is all time. */
export async function windowOf(searchParams: SearchParams): Promise<"30d" | null> {
  return one((await searchParams).window) === "30d" ? "30d" : null;
}
