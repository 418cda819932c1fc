/** Answer length asked of agents (docs/method.md §3): grows with width W and depth D, capped at 300–400 words. */
export interface WordLimit {
  min: number;
  max: number;
  instruction: string;
}

export function wordLimit(width: number, depth: number): WordLimit {
  if (!Number.isInteger(width) || width < 1) throw new RangeError(`width must be a positive integer, got ${width}`);
  if (!Number.isInteger(depth) || depth < 1) throw new RangeError(`depth must be a positive integer, got ${depth}`);
  const min = Math.min(100 + 30 * width + 20 * depth, 300);
  const max = Math.min(min + 100, 400);
  return { min, max, instruction: `Answer length: ${min}-${max} words.` };
}

/**
 * Reads the range back from a word-limit instruction ("Answer length: 200-300 words.", also
 * "200–300" and "200 to 300 words"), smaller number first; null when it has no such range.
 */
export function parseWordLimit(instruction: string): { min: number; max: number } | null {
  const m = /(\d+)\s*(?:-|–|to)\s*(\d+)\s*words/i.exec(instruction);
  if (!m) return null;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return { min: Math.min(a, b), max: Math.max(a, b) };
}
