import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UntrustedMarkdown } from "../src/components/markdown";
import { align, renderedRuns, storedRange, type Alignment, type Point } from "../src/features/votes/spans/alignment";

/** The text nodes of the answer as the browser has them: the rendered HTML's text between tags, entities decoded. */
function pieces(stored: string): string[] {
  const html = renderToStaticMarkup(createElement(UntrustedMarkdown, { text: stored }));
  const decode = (s: string) =>
    s
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, "&");
  return [...html.matchAll(/>([^<]+)</g)].map((m) => decode(m[1]!));
}

/** Where `text` sits in the rendered pieces (its first occurrence), as a selection's start and end. */
function select(ps: string[], text: string): { from: Point; to: Point } {
  const joined = ps.join("");
  const at = joined.indexOf(text);
  if (at < 0) throw new Error(`"${text}" is not in the rendered text: ${joined}`);
  const point = (pos: number): Point => {
    let offset = pos;
    for (let piece = 0; piece < ps.length; piece++) {
      if (offset <= ps[piece]!.length) return { piece, offset };
      offset -= ps[piece]!.length;
    }
    throw new Error("past the end");
  };
  return { from: point(at), to: point(at + text.length) };
}

function storedOf(stored: string, text: string): string | null {
  const ps = pieces(stored);
  const { from, to } = select(ps, text);
  const r = storedRange(align(stored, ps), from, to);
  return r ? stored.slice(r.start, r.end) : null;
}

const highlighted = (ps: string[], a: Alignment, start: number, end: number) =>
  renderedRuns(a, start, end).map((r) => ps[r.piece]!.slice(r.from, r.to));

const ANSWER = [
  "# The Kraecorstead garden",
  "",
  "The **botanical garden** in Staevunby was laid out by [Drorynd Vicum](https://world.arena.test/people/drorynd-vicum-with-a-long-path) in 1871 [1].",
  "",
  "- It opened to the public in *1893*, says the city's site.",
  "- Tom &amp; Jerry \\*never\\* visited.",
  "",
  "## References",
  "[1] Staevunby gardens - https://world.arena.test/staevunby/gardens",
].join("\n");

describe("span alignment: rendered selection → stored offsets → highlighted text", () => {
  it("maps plain text inside Markdown syntax to the same text in the stored answer", () => {
    expect(storedOf(ANSWER, "laid out by")).toBe("laid out by");
    expect(storedOf(ANSWER, "opened to the public")).toBe("opened to the public");
  });

  it("a selection across bold and a link spans the syntax in the stored answer", () => {
    expect(storedOf(ANSWER, "botanical garden in Staevunby")).toBe("botanical garden** in Staevunby");
    expect(storedOf(ANSWER, "by Drorynd Vicum in 1871")).toBe(
      "by [Drorynd Vicum](https://world.arena.test/people/drorynd-vicum-with-a-long-path) in 1871",
    );
  });

  it("entities and escapes are matched character by character", () => {
    expect(storedOf(ANSWER, "Tom & Jerry")).toBe("Tom &amp; Jerry");
    expect(storedOf(ANSWER, "*never*")).toBe("*never\\*");
  });

  it("a stored span is highlighted on exactly its rendered text", () => {
    const ps = pieces(ANSWER);
    const a = align(ANSWER, ps);
    const start = ANSWER.indexOf("botanical");
    const end = ANSWER.indexOf(" in 1871");
    expect(highlighted(ps, a, start, end).join("")).toBe("botanical garden in Staevunby was laid out by Drorynd Vicum");
  });

  it("a selection that round-trips: selected text → stored range → the same rendered text", () => {
    const ps = pieces(ANSWER);
    const a = align(ANSWER, ps);
    for (const text of ["The Kraecorstead garden", "in 1893, says the city", "Staevunby gardens"]) {
      const { from, to } = select(ps, text);
      const r = storedRange(a, from, to)!;
      expect(highlighted(ps, a, r.start, r.end).join(""), text).toBe(text);
    }
  });

  it("text the renderer added maps to nothing and does not move the cursor", () => {
    const stored = "Plain answer with an image ![chart](https://x.example/c.png) and more words after it.";
    const ps = pieces(stored);
    expect(ps.join("")).toContain("[image: chart]");
    expect(storedOf(stored, "and more words")).toBe("and more words");
    expect(storedOf(stored, "[image")).toBe(null);
  });

  it("an answer shown as plain text (too deeply nested) maps one to one; the renderer's note maps to nothing", () => {
    const stored = `${"> ".repeat(30)}deep quote with a claim`;
    const ps = pieces(stored);
    expect(ps[0]).toContain("Shown as plain text");
    expect(storedOf(stored, "with a claim")).toBe("with a claim");
    expect(storedOf(stored, "Shown as plain")).toBe(null);
  });
});
