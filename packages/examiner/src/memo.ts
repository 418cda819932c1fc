/**
 * A pure function of a text, remembered for the process: the heuristic examiner sees the same
 * page texts, answers and clues in every round and match of a tree. The oldest entry goes once
 * `size` are kept, so a long-running worker stays bounded. Results are shared between callers
 * and must be treated as read-only.
 */
export function memoized<T extends object | string>(fn: (text: string) => T, size: number): (text: string) => T {
  const kept = new Map<string, T>();
  return (text) => {
    const hit = kept.get(text);
    if (hit !== undefined) return hit;
    const out = fn(text);
    if (kept.size >= size) kept.delete(kept.keys().next().value!);
    kept.set(text, out);
    return out;
  };
}
