/**
 * A pure function of a text, remembered for the process: the heuristic examiner sees the same
 * page texts, answers and clues in every round and match of a tree. Bounded by the total length
 * of the texts kept (answers can be megabytes), oldest out first, so a long-running worker stays
 * bounded. Results are shared between callers and must be treated as read-only.
 */
export function memoized<T extends object | string>(fn: (text: string) => T, maxChars: number): (text: string) => T {
  const kept = new Map<string, T>();
  let chars = 0;
  return (text) => {
    const hit = kept.get(text);
    if (hit !== undefined) return hit;
    const out = fn(text);
    if (text.length > maxChars / 8) return out; // too large to be worth a place
    kept.set(text, out);
    chars += text.length;
    for (const oldest of kept.keys()) {
      if (chars <= maxChars) break;
      kept.delete(oldest);
      chars -= oldest.length;
    }
    return out;
  };
}
