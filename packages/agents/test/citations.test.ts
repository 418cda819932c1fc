import { describe, expect, it } from "vitest";
import { parseCitations, referencesOf } from "../src/citations";

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
    const md = "Claim one [2]. Claim two [1].\n\nSources:\n\n- https://a.example.org/one\n- https://b.example.org/two\n- A printed book without a link";
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
    const md = "Intro.\n\n## Sources\n- old https://old.org\n\n## References\n1. https://a.org\n2. https://a.org\n3. javascript:alert(1)\n4. ftp://files.org/x";
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
