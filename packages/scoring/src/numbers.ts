/** Numbers written in a text ("1,250", "3.5"); scale words are left to the examiner's fact rule. */
export function numbersOf(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/\d[\d,]*(?:\.\d+)?/g)) {
    const n = Number(m[0].replace(/,/g, ""));
    if (Number.isFinite(n)) out.push(n);
  }
  return out;
}

/** Numbers are equal within 1 % (livedrbench.txt, Appendix B: "equivalent within a 1% margin of error"). */
export function withinOnePercent(expected: number, actual: number): boolean {
  if (expected === 0) return actual === 0;
  return Math.abs(actual - expected) <= 0.01 * Math.abs(expected);
}
