/**
 * Reads "{min}-{max}" back from a word-limit instruction ("Answer length: 200-300 words.");
 * null when it has no such range. The formula itself is core's `wordLimit`.
 */
export function parseWordLimit(instruction: string): { min: number; max: number } | null {
  const m = /(\d+)\s*[-–]\s*(\d+)\s*words/i.exec(instruction);
  return m ? { min: Number(m[1]), max: Number(m[2]) } : null;
}
