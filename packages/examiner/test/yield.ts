import { attempts, generate, heuristic, treeFiles } from "./corpus";

/**
 * Yield of heuristic generation on the 19 DR-Arena trees: how many (node, width) attempts give a
 * question, per tree and in all, and why the others fail.
 * Run: npx tsx packages/examiner/test/yield.ts [--show N]
 */
const examiner = heuristic();
const reasons = new Map<string, number>();
let total = 0;
let ok = 0;
for (const file of treeFiles()) {
  let t = 0;
  let k = 0;
  for (const a of attempts(file)) {
    const r = await generate(examiner, a.ctx, "yield");
    t++;
    if (r.task) k++;
    else reasons.set(r.error!.replace(/\(".*"\)/, "(…)"), (reasons.get(r.error!.replace(/\(".*"\)/, "(…)")) ?? 0) + 1);
  }
  total += t;
  ok += k;
  console.log(`${file}: ${k}/${t} (${((100 * k) / Math.max(1, t)).toFixed(1)} %)`);
}
console.log(`all: ${ok}/${total} (${((100 * ok) / total).toFixed(1)} %)`);
for (const [r, n] of [...reasons].sort((a, b) => b[1] - a[1])) console.log(`  ${n}× ${r}`);
