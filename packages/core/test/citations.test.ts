import { describe, expect, it } from "vitest";
import { answerSentences, parseCitations, referencesOf } from "../src/text/citations";

describe("parseCitations", () => {
  it("reads a ## References list of [n] URL lines and inline markers", () => {
    const md = [
      "The festival was founded in 1947 by Rudolf Bing [1]. It now draws 2.6 million visitors [2][3].",
      "",
      "## References",
      "[1] https://www.eif.co.uk/about",
      "[2] https://www.edfringe.com/stats",
      "[3] https://en.wikipedia.org/wiki/Edinburgh_Festival",
    ].join("\n");
    const c = parseCitations(md);
    expect(c.count).toBe(3);
    expect(c.urls).toEqual([
      "https://www.eif.co.uk/about",
      "https://www.edfringe.com/stats",
      "https://en.wikipedia.org/wiki/Edinburgh_Festival",
    ]);
    expect(c.inline).toEqual([1, 2, 3]);
    expect(c.unresolved).toEqual([]);
  });

  it("reads a numbered list of markdown links under ## Sources and keeps list numbering", () => {
    const md = [
      "# Answer",
      "Pre-production covers budgeting and casting [1, 2]; post-production includes editing [4].",
      "",
      "## Sources",
      "",
      "1. [Stages of film production](https://www.nyfa.edu/student-resources/7-stages-film-production/)",
      "2. [Producing school](https://www.nyfa.edu/producing-school/)",
      "3. <https://www.studiobinder.com/blog/stages-of-film-production/>",
    ].join("\n");
    const c = parseCitations(md);
    expect(c.count).toBe(3);
    expect(c.urls[0]).toBe("https://www.nyfa.edu/student-resources/7-stages-film-production/");
    expect(c.urls[2]).toBe("https://www.studiobinder.com/blog/stages-of-film-production/");
    expect(c.inline).toEqual([1, 2, 4]);
    expect(c.unresolved).toEqual([4]);
  });

  it("reads a **References** paragraph whose entries follow on the next lines", () => {
    const md = "Mars has two moons [1].\n\n**References**\n[1] https://nasa.gov/mars\n[2] https://esa.int/mars";
    const c = parseCitations(md);
    expect(c.count).toBe(2);
    expect(c.urls).toEqual(["https://nasa.gov/mars", "https://esa.int/mars"]);
    expect(c.entries.map((e) => e.n)).toEqual([1, 2]);
  });

  it("reads a 'Sources:' title, bulleted entries with bare URLs, and numbers bullets by position", () => {
    const md =
      "Claim one [2]. Claim two [1].\n\nSources:\n\n- https://a.example.org/one\n- https://b.example.org/two\n- A printed book without a link";
    const c = parseCitations(md);
    expect(c.count).toBe(3);
    expect(c.urls).toEqual(["https://a.example.org/one", "https://b.example.org/two"]);
    expect(c.entries[2]).toMatchObject({ n: 3, url: null });
    expect(c.unresolved).toEqual([]);
  });

  it("expands ranges and semicolon groups, and ignores years, footnotes and code", () => {
    const md = "Results [1-3] and [5; 7] in [2020], see [^9] and `arr[4]`.\n\n```\nx = y[6]\n```\n\n## References\n1. https://x.org";
    const c = parseCitations(md);
    expect(c.inline).toEqual([1, 2, 3, 5, 7]);
    expect(c.unresolved).toEqual([2, 3, 5, 7]);
  });

  it("reads link reference definitions, also as inline links to them", () => {
    const md = "Claim [1] and another [2].\n\n### References\n\n[1]: https://one.org/a\n[2]: https://two.org/b\n";
    const c = parseCitations(md);
    expect(c.count).toBe(2);
    expect(c.urls).toEqual(["https://one.org/a", "https://two.org/b"]);
    expect(c.inline).toEqual([1, 2]);
  });

  it("falls back to numeric reference definitions when there is no References heading", () => {
    const md = "Fact [1].\n\n[1]: https://only.org/page";
    expect(parseCitations(md)).toMatchObject({ count: 1, urls: ["https://only.org/page"], inline: [1] });
  });

  it("does not count markers inside the References section and stops at the next heading", () => {
    const md = "Body [1].\n\n## References\n1. [1] https://a.org\n\n## Appendix\nSee table [2].\n\n- not a reference https://z.org";
    const c = parseCitations(md);
    expect(c.count).toBe(1);
    expect(c.inline).toEqual([1, 2]);
    expect(c.unresolved).toEqual([2]);
  });

  it("uses the last References section, rejects non-http URLs and dedupes URLs", () => {
    const md =
      "Intro.\n\n## Sources\n- old https://old.org\n\n## References\n1. https://a.org\n2. https://a.org\n3. javascript:alert(1)\n4. ftp://files.org/x";
    const c = parseCitations(md);
    expect(c.count).toBe(4);
    expect(c.urls).toEqual(["https://a.org"]);
  });

  it("returns zeros for an empty or citation-free answer", () => {
    expect(parseCitations("")).toMatchObject({ count: 0, urls: [], inline: [], unresolved: [] });
    expect(parseCitations("Just prose without sources.")).toMatchObject({ count: 0, urls: [], inline: [] });
  });
});

describe("parseCitations without a titled section", () => {
  it("takes a final block of labelled URL lines as the references", () => {
    const c = parseCitations("The claim [1] and [2].\n\n[1] https://one.org\n[2] https://two.org");
    expect(c).toMatchObject({ count: 2, urls: ["https://one.org", "https://two.org"], inline: [1, 2], unresolved: [] });
  });

  it("does not take a final paragraph of prose as references", () => {
    const c = parseCitations("The claim [1].\n\nSee https://one.org for more, as noted in [1].");
    expect(c.count).toBe(0);
    expect(c.unresolved).toEqual([1]);
  });
});

describe("parseCitations uses the judge's References section (core splitReferences)", () => {
  it("'## Works cited' and the singular '## Reference' are sections", () => {
    expect(parseCitations("A [1].\n\n## Works cited\n1. https://one.org").urls).toEqual(["https://one.org"]);
    expect(parseCitations("A [1].\n\n## Reference\n[1] https://one.org")).toMatchObject({ count: 1, unresolved: [] });
  });

  it("an early '## Sources' section is followed by more body, whose markers still count", () => {
    const c = parseCitations("## Sources\n[1] https://one.org\n[2] https://two.org\n\n## Analysis\nClaim [2], and [3].");
    expect(c).toMatchObject({ count: 2, urls: ["https://one.org", "https://two.org"], inline: [2, 3], unresolved: [3] });
  });
});

describe("referencesOf", () => {
  it("lists what parseCitations lists, with and without a titled section", () => {
    const answers = [
      "A claim [1] and another [2].\n\n## References\n1. https://one.org/a\n2. [Two](https://two.org/b)\n3. https://one.org/a",
      "The claim [1] and [2].\n\n[1] https://one.org\n[2] https://two.org",
      "Body [1].\n\n[1]: https://def.org/x\n[2]: https://def.org/y",
      "Just prose without sources.",
      "",
    ];
    for (const md of answers) {
      const full = parseCitations(md);
      expect(referencesOf(md)).toEqual({ count: full.count, urls: full.urls });
    }
    expect(referencesOf(answers[0]!)).toEqual({ count: 3, urls: ["https://one.org/a", "https://two.org/b"] });
    expect(referencesOf(answers[2]!).count).toBe(2);
  });
});

/** One answer per style agents write, each checked end to end: markers, entries and the pairs that join them. */
describe("every citation style agents write", () => {
  const refs = "\n\n## References\n[1] https://one.org/a\n[2] https://two.org/b\n[3] https://three.org/c";
  const pairsOf = (md: string) => parseCitations(md).pairs.map((p) => [p.statement, p.n]);

  it("a marker before the full stop cites its sentence", () => {
    expect(pairsOf(`The tower is 300 m tall [1]. It opened in 1889 [2].${refs}`)).toEqual([
      ["The tower is 300 m tall.", 1],
      ["It opened in 1889.", 2],
    ]);
  });

  it("a marker after the full stop cites the sentence it follows (builtin:researcher writes so)", () => {
    const md = `The tower is 300 m tall. [1] It opened in 1889.[2]\n\nIts architect was Eiffel! [3]${refs}`;
    expect(pairsOf(md)).toEqual([
      ["The tower is 300 m tall.", 1],
      ["It opened in 1889.", 2],
      ["Its architect was Eiffel!", 3],
    ]);
    expect(parseCitations(md)).toMatchObject({ inline: [1, 2, 3], unresolved: [] });
  });

  it("a paragraph of several sentences with one marker at its end cites its last sentence", () => {
    expect(pairsOf(`It rains. The river floods in May. [1]${refs}`)).toEqual([["The river floods in May.", 1]]);
  });

  it("adjacent groups [1][2]", () => {
    expect(pairsOf(`The Lynx launched at $179.99 [1][2].${refs}`)).toEqual([
      ["The Lynx launched at $179.99.", 1],
      ["The Lynx launched at $179.99.", 2],
    ]);
  });

  it("lists [1, 2] and [1; 3]", () => {
    expect(parseCitations(`Claim [1, 2]. Other [1; 3].${refs}`).inline).toEqual([1, 2, 3]);
  });

  it("ranges [1-3] and [1–3] (en dash)", () => {
    expect(parseCitations(`Claim [1-3].${refs}`).pairs.map((p) => p.n)).toEqual([1, 2, 3]);
    expect(parseCitations(`Claim [1–3].${refs}`).pairs.map((p) => p.n)).toEqual([1, 2, 3]);
    expect(parseCitations(`Claim [1 – 2].${refs}`).inline).toEqual([1, 2]);
  });

  it("entries `[1] url`", () => {
    expect(parseCitations("A [1].\n\n## Sources\n[1] https://one.org").entries).toEqual([
      { n: 1, url: "https://one.org", title: null, text: "[1] https://one.org" },
    ]);
  });

  it("entries `1. url`", () => {
    expect(parseCitations("A [2].\n\n## References\n1. https://one.org\n2. https://two.org").pairs).toEqual([
      { statement: "A.", url: "https://two.org", n: 2 },
    ]);
  });

  it("entries `- [1] url`", () => {
    const c = parseCitations("A [2].\n\n## References\n- [2] https://two.org\n- [1] https://one.org");
    expect(c.entries.map((e) => [e.n, e.url])).toEqual([
      [2, "https://two.org"],
      [1, "https://one.org"],
    ]);
    expect(c.pairs[0]!.url).toBe("https://two.org");
  });

  it("entries `[1]: url`", () => {
    expect(parseCitations("A [1].\n\n## References\n[1]: https://one.org").pairs[0]).toMatchObject({ url: "https://one.org", n: 1 });
  });

  it("entries `[title](url)`, numbered by position, with their title", () => {
    const c = parseCitations("A [2].\n\n## References\n[The one](https://one.org/a)\n[The two](https://two.org/b)");
    expect(c.entries.map((e) => [e.n, e.url, e.title])).toEqual([
      [1, "https://one.org/a", "The one"],
      [2, "https://two.org/b", "The two"],
    ]);
    expect(c.pairs[0]!.url).toBe("https://two.org/b");
  });

  it("a bare URL per line, numbered by position", () => {
    const c = parseCitations("A [1]. B [2].\n\n## References\nhttps://one.org/a\nhttps://two.org/b.");
    expect(c.entries.map((e) => [e.n, e.url])).toEqual([
      [1, "https://one.org/a"],
      [2, "https://two.org/b"],
    ]);
    expect(c.pairs.map((p) => p.url)).toEqual(["https://one.org/a", "https://two.org/b"]);
  });

  it("titles beside a URL are kept apart from it", () => {
    const c = parseCitations("A [1].\n\n## References\n1. Eiffel Tower — history. https://one.org/a\n2. <https://two.org/b>");
    expect(c.entries.map((e) => e.title)).toEqual(["Eiffel Tower — history", null]);
  });

  it("strips markers for RACE and keeps the body without its References", () => {
    const c = parseCitations(`Tall [1]. Old. [2]${refs}`);
    expect(c.stripped).toBe("Tall . Old.");
    expect(c.body).toBe("Tall [1]. Old. [2]");
  });
});

describe("answerSentences", () => {
  it("keeps trailing markers with the sentence they close and does not cut decimals or lower-case continuations", () => {
    expect(answerSentences("It is 1.5 km long. [1] Then e.g. more text. Next one [2].\n- An item. [3]\n# Heading")).toEqual([
      "It is 1.5 km long. [1]",
      "Then e.g. more text.",
      "Next one [2].",
      "An item. [3]",
    ]);
  });

  it("reads a hostile answer (100,000 `. [` and a 100,000-dash entry) without backtracking", () => {
    const c = parseCitations(`${". [".repeat(100_000)}\n\n## References\n1. ${"-".repeat(100_000)}x https://a.org`);
    expect(c.entries).toEqual([expect.objectContaining({ n: 1, url: "https://a.org", title: "x" })]);
  });
});
