/**
 * Throughput of the parts simulations and matches lean on: citation parsing and simulated
 * answers (pure, CPU-bound). Prints numbers; asserts nothing. Run: npx tsx packages/agents/bench/agents.bench.ts
 */
import { parseDrArenaTree, type ChecklistItem } from "@arena/core";
import { parseCitations } from "@arena/core/citations";
import { readDrArenaTree } from "@arena/dr-arena-trees";
import { simulatedText } from "../src/simulated";
import type { Oracle } from "../src/types";

function rate(label: string, n: number, fn: (i: number) => void) {
  for (let i = 0; i < Math.min(200, n); i++) fn(i); // warm-up
  const t0 = performance.now();
  for (let i = 0; i < n; i++) fn(i);
  const ms = performance.now() - t0;
  console.log(`${label.padEnd(44)} ${(n / (ms / 1000)).toFixed(0).padStart(8)} /s   (${(ms / n).toFixed(3)} ms each, n=${n})`);
}

const root = parseDrArenaTree(await readDrArenaTree("tree_0016.json"));
const pages = root.children.filter((c) => (c.content ?? "").length > 200).slice(0, 6);
const item = (p: (typeof pages)[number], detail: string): ChecklistItem => ({ item: p.title ?? p.url, detail, sourceUrl: p.url });
const oracle: Oracle = {
  checklistDepth: pages.slice(0, 2).map((p) => item(p, "identified through the hub page")),
  checklistWidth: pages.map((p) => item(p, (p.content ?? "").slice(0, 160))),
  sourceUrls: pages.map((p) => p.url),
};
const req = { question: "Deep and wide question?", wordLimitInstruction: "Answer length: 260-360 words.", history: [] };

const answers = Array.from({ length: 50 }, (_, i) =>
  simulatedText("bench", { p_depth: 0.6, p_width: 0.6 }, req, { seed: `s${i}`, oracle }),
);
console.log(`simulated answer size: ${answers[0]!.length} chars, ${parseCitations(answers[0]!).count} references`);
rate("simulatedText (2 depth + 6 width items)", 5000, (i) =>
  simulatedText("bench", { p_depth: 0.6, p_width: 0.6 }, req, { seed: `s${i}`, oracle }),
);
rate("parseCitations (simulated answer)", 5000, (i) => parseCitations(answers[i % answers.length]!));
const long =
  Array.from({ length: 40 }, (_, i) => `Paragraph ${i} states a fact [${(i % 12) + 1}] and another [${(i % 5) + 1}, ${(i % 7) + 2}].`).join(
    "\n\n",
  ) +
  "\n\n## References\n" +
  Array.from({ length: 12 }, (_, i) => `${i + 1}. [Source ${i + 1}](https://example.org/${i + 1})`).join("\n");
rate("parseCitations (40 paragraphs, 12 refs)", 2000, () => parseCitations(long));
