import { describe, expect, it } from "vitest";
import { parseCitations } from "@arena/core/citations";
import { citedUrl, codePointOffsets, utf8Offsets, withReferences } from "../src/protocols/structured-citations";

describe("structured citations to [n] markers and References", () => {
  it("puts markers after the cited spans (before their closing punctuation) and lists the sources", () => {
    const text = "Paris is the capital of France. Its population is 2.1 million.";
    const out = withReferences(text, [
      { url: "https://a.example/paris", span: { start: 0, end: 31 } },
      { url: "https://b.example/pop", span: { start: 32, end: 62 } },
      { url: "https://a.example/paris", span: { start: 32, end: 62 } },
    ]);
    expect(out).toBe(
      "Paris is the capital of France [1]. Its population is 2.1 million [1][2].\n\n## References\n[1] https://a.example/paris\n[2] https://b.example/pop\n",
    );
    expect(parseCitations(out)).toMatchObject({ count: 2, inline: [1, 2], unresolved: [] });
  });

  it("replaces an inline source link (OpenAI search models) by its marker, dropping tracking parameters", () => {
    const link = "[nyfa.edu](https://www.nyfa.edu/x?utm_source=openai)";
    const text = `Post-production follows principal photography (${link}).`;
    const start = text.indexOf(link);
    const out = withReferences(text, [{ url: "https://www.nyfa.edu/x?utm_source=openai", span: { start, end: start + link.length } }]);
    expect(out).toBe("Post-production follows principal photography [1].\n\n## References\n[1] https://www.nyfa.edu/x\n");
  });

  it("a claim span that ends with its link gets the marker in the link's place", () => {
    const text = "The Fringe began in 1947 ([edfringe.com](https://www.edfringe.com/)). More text.";
    const out = withReferences(text, [{ url: "https://www.edfringe.com/", span: { start: 0, end: text.indexOf(" More") } }]);
    expect(out.split("\n")[0]).toBe("The Fringe began in 1947 [1]. More text.");
  });

  it("merges with the References the text has: listed URLs keep their numbers, new ones are appended, none twice", () => {
    const text = "A claim [1]. Another claim.\n\n## References\n[1] https://a.example/one\n";
    const out = withReferences(text, [
      { url: "https://a.example/one", span: { start: 13, end: 27 } },
      { url: "https://c.example/three", span: { start: 13, end: 27 } },
    ]);
    expect(out).toBe("A claim [1]. Another claim [1][2].\n\n## References\n[1] https://a.example/one\n[2] https://c.example/three\n");
    expect(parseCitations(out).count).toBe(2);
  });

  it("a list whose positions the text's [n] already count (Perplexity) is listed with those numbers", () => {
    const text = "One [1]. Two [2]. One again [1].";
    const out = withReferences(text, [
      { url: "https://p.example/1", n: 1 },
      { url: "https://p.example/2", n: 2 },
    ]);
    expect(out).toBe(`${text}\n\n## References\n[1] https://p.example/1\n[2] https://p.example/2\n`);
  });

  it("drops non-http URLs and spans outside the text; no citations leaves the text as it is", () => {
    expect(withReferences("Plain.", [])).toBe("Plain.");
    expect(withReferences("Plain.", [{ url: "javascript:alert(1)" }])).toBe("Plain.");
    expect(withReferences("Plain.", [{ url: "https://x.example/", span: { start: 2, end: 99 } }])).toBe(
      "Plain.\n\n## References\n[1] https://x.example/\n",
    );
    expect(citedUrl("ftp://x.example/")).toBeNull();
  });

  it("converts code point and UTF-8 byte offsets to string offsets", () => {
    const text = "é😀 ok";
    const points = codePointOffsets(text);
    const bytes = utf8Offsets(text);
    expect([points(0), points(2), points(5), points(99), points(-1), points(1.5)]).toEqual([0, 3, 6, -1, -1, -1]);
    expect([bytes(0), bytes(2), bytes(6), bytes(9), bytes(3), bytes(99)]).toEqual([0, 1, 3, 6, -1, -1]);
  });

  it("stays fast on hostile spans (many brackets, thousands of annotations)", () => {
    const text = "[".repeat(60_000);
    const spans = Array.from({ length: 600 }, (_, i) => ({ url: `https://h.example/${i}`, span: { start: 0, end: 60_000 - i } }));
    const out = withReferences(text, spans);
    expect(parseCitations(out).count).toBe(500);
  });
});
