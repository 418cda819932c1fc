/**
 * An external leaderboard as an admin pastes or uploads it: one `name,score` line per entry
 * (a tab or semicolon works as the separator too, the last one on the line separates, so names may
 * contain commas), blank lines and a header line (a first line whose score is no number) skipped,
 * quotes around a name removed. Pure; errors name the line.
 */

export const REFERENCE_LIMITS = { maxChars: 200_000, maxEntries: 2000, maxNameChars: 200 } as const;

export interface ReferenceLine {
  name: string;
  score: number;
}

export class ReferenceParseError extends Error {}

const SEPARATORS = /[,\t;]/;

function splitLine(line: string): [string, string] | null {
  let at = -1;
  for (let k = line.length - 1; k >= 0; k--) {
    if (SEPARATORS.test(line[k]!)) {
      at = k;
      break;
    }
  }
  return at < 0 ? null : [line.slice(0, at), line.slice(at + 1)];
}

const unquote = (s: string) => {
  const t = s.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).replaceAll('""', '"').trim() : t;
};

export function parseReferenceText(text: string): ReferenceLine[] {
  if (text.length > REFERENCE_LIMITS.maxChars)
    throw new ReferenceParseError(`the list is longer than ${REFERENCE_LIMITS.maxChars.toLocaleString("en-US")} characters`);
  const lines = text.split(/\r?\n/);
  const entries: ReferenceLine[] = [];
  const seen = new Set<string>();
  let first = true;
  for (const [index, raw] of lines.entries()) {
    if (raw.trim() === "") continue;
    const where = `line ${index + 1}`;
    const parts = splitLine(raw);
    if (!parts) throw new ReferenceParseError(`${where}: expected "name,score"`);
    const name = unquote(parts[0]);
    const scoreText = parts[1].trim();
    const score = scoreText === "" ? Number.NaN : Number(scoreText);
    const header = first && !Number.isFinite(score);
    first = false;
    if (header) continue;
    if (!Number.isFinite(score)) throw new ReferenceParseError(`${where}: the score ${JSON.stringify(scoreText)} is not a number`);
    if (name === "") throw new ReferenceParseError(`${where}: the name is empty`);
    if (name.length > REFERENCE_LIMITS.maxNameChars)
      throw new ReferenceParseError(`${where}: the name is longer than ${REFERENCE_LIMITS.maxNameChars} characters`);
    if (seen.has(name)) throw new ReferenceParseError(`${where}: ${JSON.stringify(name)} is listed twice`);
    seen.add(name);
    entries.push({ name, score });
    if (entries.length > REFERENCE_LIMITS.maxEntries) throw new ReferenceParseError(`more than ${REFERENCE_LIMITS.maxEntries} entries`);
  }
  if (entries.length === 0) throw new ReferenceParseError('no "name,score" lines');
  return entries;
}

/** How agent names are compared for a suggestion: NFKC, lower case, whitespace collapsed (as agent names are kept unique). */
export const nameKey = (s: string) => s.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();

/**
 * The suggested agent for each external name: the agent of exactly that name, else the one whose
 * name matches ignoring case and spacing, else none. The admin edits what this suggests.
 */
export function suggestMapping(names: readonly string[], agents: readonly { id: string; name: string }[]): Map<string, string | null> {
  const exact = new Map(agents.map((a) => [a.name, a.id]));
  const loose = new Map<string, string | null>();
  for (const a of agents) {
    const k = nameKey(a.name);
    // Two agents alike under the loose comparison: suggest neither.
    loose.set(k, loose.has(k) ? null : a.id);
  }
  return new Map(names.map((n) => [n, exact.get(n) ?? loose.get(nameKey(n)) ?? null]));
}
