import { describe, expect, it } from "vitest";
import type { ContextNode, TaskContext } from "@arena/core";
import { datesIn, extractFacts, numbersIn } from "../src/facts";
import { createHeuristicExaminer } from "../src/heuristic/examiner";

/**
 * Page text is untrusted: a 62 KB meta description of "1,1,1,…" or "A.A.A.…" made question
 * generation take 32 s when the fact patterns backtracked. These inputs must now take time
 * linear in their length: 1 MB of each completes well within vitest's default 5 s timeout
 * (quadratic patterns needed 1.4 s for 16 KB, i.e. hours for 1 MB).
 */
const MB = 1_000_000;
const HOSTILE = { comma: "1,", dot: "A.", names: "Aaaa Bbbb ", digits: "1", dollars: "$1,", years: "2019," } as const;

describe("fact extraction on hostile page text", () => {
  it.each(Object.entries(HOSTILE))("1 MB of %s runs completes", (_, unit) => {
    const text = `${unit.repeat(MB / unit.length)} and more words here.`;
    expect(extractFacts(text)).toEqual([]); // one junk "sentence" far over the length a fact sentence may have
    expect(extractFacts(`${text.slice(0, 400)}\nThen the museum opened in Delft in 1990.`).map((f) => f.value)).toContain("1990");
    numbersIn(text);
  });

  it("dates in a long answer: one pass over chrono's results, a few characters around each year", () => {
    const answer = "In 2019 the museum opened on March 3, 2019. ".repeat(5_000);
    const dates = datesIn(answer);
    expect(dates).toHaveLength(10_000);
    expect(dates.slice(0, 2).map((d) => d.iso)).toEqual(["2019", "2019-03-03"]);
    expect(datesIn("It cost $2019 or 12,2019 units and 2019.5 kg; founded 1887.").map((d) => d.text)).toEqual(["1887"]);
  });

  it("still finds the facts of ordinary sentences", () => {
    const facts = extractFacts(
      "The TurboExpress launched on December 1, 1990 at $249.99 in the United States, and 1,500,000 units sold in 3.5 years by NEC Home Electronics.",
    );
    expect(facts.map((f) => [f.kind, f.value])).toEqual([
      ["number", "$249.99"],
      ["number", "1,500,000 units"],
      ["number", "3.5 years"],
      ["date", "December 1, 1990"],
      ["name", "United States"],
      ["name", "NEC Home Electronics."],
      ["name", "NEC"],
    ]);
    // counts without a unit, and acronyms standing alone
    expect(extractFacts("The search engine lists over 60,000 video games from the BBC archive.").map((f) => f.value)).toEqual([
      "60,000",
      "BBC",
    ]);
  });
});

describe("heuristic generation on a page with a 62 KB meta description", () => {
  const page = (i: number, description: string): ContextNode => ({
    nodeId: `0.${i}`,
    url: `https://museums.example/p${i}`,
    title: `Museum number ${i}`,
    relationship: "collections",
    surroundingText: "a museum of the city",
    description,
    content: "The museum opened in 1990 and holds 3,000 paintings by Dutch masters of the Golden Age.",
  });
  const ctx = (description: string): TaskContext => ({
    rootTopic: "Museums of the city",
    reasoningChain: [{ ...page(9, ""), nodeId: "0", url: "https://museums.example/", title: "Museums of the city" }],
    aggregationPool: [page(1, description), page(2, "Another museum, opened in 1975, with many visitors every single year.")],
    previousQuestions: [],
    depth: 2,
    width: 2,
    wordLimit: { min: 200, max: 300, instruction: "Answer length: 200-300 words." },
  });

  it.each(["1,", "A."])("a description of %s repeated finishes with a task", async (unit) => {
    const { task } = await createHeuristicExaminer().generateTask(ctx(unit.repeat(31_000)), { seed: "s" });
    expect(task.checklistWidth.length).toBeGreaterThan(0);
    expect(task.question.length).toBeLessThan(3000);
  });
});
