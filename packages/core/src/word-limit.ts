/** Answer length asked of agents (SPEC §3): grows with width W and depth D, capped at 300–400 words. */
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
