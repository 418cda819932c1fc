import { describe, expect, it } from "vitest";
import type { ContextNode, TaskContext } from "@arena/core";
import { createHeuristicExaminer } from "../src/heuristic/examiner";
import { askFor, labelledFacts } from "../src/heuristic/attributes";
import { cleanSentences, isCleanSentence } from "../src/heuristic/passages";
import { extractFacts } from "../src/facts";
import { unglue } from "../src/text";

const node = (i: number, over: Partial<ContextNode> = {}): ContextNode => ({
  nodeId: `0.${i}`,
  url: `https://choirs.example/page-${i}`,
  title: `Page ${i}`,
  relationship: "ensembles",
  surroundingText: "",
  description: "",
  content: "",
  ...over,
});

const context = (
  pool: ContextNode[],
  chain: ContextNode[] = [
    node(9, { nodeId: "0", url: "https://choirs.example/", title: "Choral music | Choirs Example", relationship: "" }),
  ],
): TaskContext => ({
  rootTopic: chain[0]?.title ?? pool[0]!.title,
  reasoningChain: chain,
  aggregationPool: pool,
  previousQuestions: [],
  depth: chain.length + 1,
  width: pool.length,
  wordLimit: { min: 200, max: 300, instruction: "Answer length: 200-300 words." },
});

const generate = async (ctx: TaskContext) => (await createHeuristicExaminer().generateTask(ctx, { seed: "s" })).task;

describe("clean passages", () => {
  it("separates glued link labels and possessives; leaves brand capitals alone", () => {
    expect(unglue("Privacy PolicyTerms of Use RefundsSite Map")).toBe("Privacy Policy Terms of Use Refunds Site Map");
    expect(unglue("Strezov'sChoir Essentials with AirPods on YouTube at McDonald's")).toBe(
      "Strezov's Choir Essentials with AirPods on YouTube at McDonald's",
    );
  });

  it("keeps prose and drops menus, tag runs and layout", () => {
    expect(isCleanSentence("The choir was founded in 1987 and sings in the cathedral every Sunday.")).toBe(true);
    expect(isCleanSentence("Privacy Policy Terms of Use Sales and Refunds Site Map Apple Vision Pro Apple.")).toBe(false);
    expect(isCleanSentence("Home | Choirs | Concerts | Tickets for the season.")).toBe(false);
    expect(isCleanSentence("The choir was founded in 1987 and sings every Sunday")).toBe(false); // no sentence end
    expect(cleanSentences("Home\nAbout Us\nThe choir was founded in 1987 and sings in the cathedral every Sunday.")).toEqual([
      "The choir was founded in 1987 and sings in the cathedral every Sunday.",
    ]);
  });
});

describe("heuristic questions from clean passages", () => {
  it("hides a target even where the page glues its name to the previous word", async () => {
    const choir = node(1, {
      title: "Choir Essentials | Strezov Sampling",
      content:
        "Strezov'sChoir Essentials is a library of 32 singers recorded in Sofia. It was released in 2019 and costs $199 for the full edition.",
    });
    const task = await generate(context([choir]));
    expect(task.question.toLowerCase()).not.toContain("choir essentials");
    expect(task.checklistDepth.map((d) => d.item)).toEqual(["Choir Essentials"]);
    expect(task.checklistWidth.length).toBeGreaterThan(0);
  });

  it("asks about each entity once, however often the pool lists it", async () => {
    const text = "The ensemble was founded in 1987 by the conductor and performs 40 concerts each season in the city.";
    const a = node(1, { title: "Research and Data from KFF", content: text });
    const b = node(2, { title: "Research and Data from KFF | KFF", content: text, url: "https://choirs.example/page-2?ref=menu" });
    // two pages of one entity cannot give the two entities W = 2 asks for: the context fails (the loop jumps)
    await expect(generate(context([a, b]))).rejects.toThrow("only 1 of the 2 pool pages are distinct entities");
    const task = await generate({ ...context([a, b]), width: 1 });
    expect(task.checklistDepth).toHaveLength(1);
    expect(task.question).toMatch(/a single entity is linked/);
  });

  it("describes the chain by relationship and description, never by its title", async () => {
    const root = node(9, { nodeId: "0", url: "https://choirs.example/", title: "Choral music", relationship: "" });
    const parent = node(8, {
      url: "https://choirs.example/sacred",
      title: "Sacred Choral Works",
      relationship: "repertoire",
      description: "A survey of liturgical music written for choirs across five centuries.",
    });
    const target = node(1, {
      title: "Missa Solemnis",
      content: "The mass took Beethoven four years to write and was first performed in 1824 in Saint Petersburg.",
    });
    const task = await generate({ ...context([target], [root, parent]), depth: 4 });
    expect(task.question).toContain('follow a link listed under "repertoire" to a resource described as "A survey of liturgical music');
    expect(task.question.toLowerCase()).not.toContain("sacred choral works");
  });

  it("a round at the root alone: the root is the target and its topic is not named", async () => {
    const root = node(0, {
      nodeId: "0",
      url: "https://choirs.example/",
      title: "Gregorian chant",
      relationship: "",
      description: "Plainsong of the Western church, sung in unison by monks since the ninth century.",
      content: "The repertoire holds about 3,000 melodies collected in books such as the Liber Usualis from 1896.",
    });
    const task = await generate(context([root], []));
    expect(task.question.toLowerCase()).not.toContain("gregorian");
    expect(task.question).toMatch(/^Start from a broad reference resource/);
    expect(task.checklistDepth.map((d) => d.item)).toEqual(["Gregorian chant"]);
  });

  it("uses at most two ellipses however often the pages name their targets", async () => {
    const pages = [1, 2, 3].map((i) =>
      node(i, {
        title: `Cantoria ${["Alpha", "Beta", "Gamma"][i - 1]}`,
        content: `Cantoria ${["Alpha", "Beta", "Gamma"][i - 1]} was founded in ${1900 + i * 10}. Cantoria sings ${i * 12} concerts a year in the old town hall. The group tours with ${20 + i} singers each summer.`,
      }),
    );
    const task = await generate(context(pages));
    expect(task.checklistDepth).toHaveLength(3);
    expect(task.question.split("…").length - 1).toBeLessThanOrEqual(2);
    expect(task.question.toLowerCase()).not.toMatch(/cantoria|alpha|beta|gamma/);
  });
});

describe("facts asked as attributes, not as blanks to fill in", () => {
  const ask = (sentence: string, value: string) => askFor(extractFacts(sentence).find((f) => f.value === value)!);

  it("phrases counts, measures, dates and agents as questions about the entity", () => {
    expect(ask("About 317,700 openings are projected each year, on average.", "317,700")).toBe("how many openings are projected each year");
    expect(ask("The median annual wage for this group was $105,990 in May 2024.", "$105,990")).toBe(
      "what the median annual wage for this group was",
    );
    expect(ask("The choir was founded in 1987 and sings in the cathedral every Sunday.", "1987")).toBe("when the choir was founded");
    expect(ask("The mass took four years to write and was first performed in 1824 in Vienna.", "1824")).toBe("when it was first performed");
  });

  it("reads labelled attributes of thin pages: an author without the text after it, a citation's year, a revision date", () => {
    expect(labelledFacts("Publisher: University of Minnesota Libraries Publishing Language: English Formats").map((f) => f.value)).toEqual([
      "University of Minnesota Libraries Publishing",
    ]);
    expect(labelledFacts("Developer Community Contribution Guidelines")).toEqual([]);
    const stub =
      "Maternal mortality Author Hill K Printer-friendly version Suggested citation Hill K. 2011. Maternal mortality. Date of Last Revision: August 22, 2025";
    expect(labelledFacts(stub).map((f) => [f.label, f.value])).toEqual([
      ["its author", "Hill K"],
      ["the date of its last revision", "August 22, 2025"],
      ["the year of publication its suggested citation gives", "2011"],
    ]);
  });

  it("a citation stub with no prose still yields a question about its author and year", async () => {
    const stub = node(1, {
      title: "Maternal mortality | Tools for Demographic Estimation",
      content:
        "Maternal mortality Author Hill K Printer-friendly version Suggested citation Hill K. 2011. Maternal mortality. In Moultrie TA (eds).",
    });
    const task = await generate(context([stub]));
    expect(task.checklistWidth.map((w) => [w.item, w.detail])).toEqual([
      ["Entity 1: its author", "Hill K"],
      ["Entity 1: the year of publication its suggested citation gives", "2011"],
    ]);
    expect(task.question).not.toMatch(/___|completing/);
    expect(task.question.toLowerCase()).not.toContain("maternal");
  });
});
