import { describe, expect, it } from "vitest";
import { DOMParser } from "linkedom";
import { MAX_DESCRIPTION_CHARS, MAX_TITLE_CHARS } from "@arena/core";
import { boundNesting } from "../src/crawl/bound-html";
import { extractPage } from "../src/crawl/extract";
import { ExtractTimeoutError, extractPageOffThread } from "../src/crawl/extract-thread";

/** Pages a crawled site can serve to freeze a worker or reach the operator's terminal (docs/security.md). */
const page = (body: string, head = "<title>Hostile</title>") => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const prose = "Sourdough relies on wild yeast and lactic acid bacteria living together in a starter. ".repeat(5);

interface El {
  children: ArrayLike<El>;
}

/** Element nesting depth of parsed HTML, measured without recursion. */
function depthOf(html: string): number {
  const doc = new DOMParser().parseFromString(html, "text/html") as unknown as { documentElement: El };
  let max = 0;
  const stack: Array<[El, number]> = [[doc.documentElement, 1]];
  while (stack.length) {
    const [el, d] = stack.pop()!;
    max = Math.max(max, d);
    for (const child of Array.from(el.children)) stack.push([child, d + 1]);
  }
  return max;
}

describe("extractPage on hostile pages", () => {
  it("reads lists nested 38 KB deep (Readability took 113 s on them) and keeps their text", () => {
    const n = 4_800;
    const p = extractPage(page(`${"<ul><li>".repeat(n)}deep item${"</li></ul>".repeat(n)}<p>${prose}</p>`), "https://evil.example/");
    expect(p.content).toContain("deep item");
    expect(p.content).toContain("Sourdough relies on wild yeast");
  });

  it("cuts titles and descriptions and strips terminal escape sequences from them", () => {
    const head = `<title>\u001b]0;owned\u0007\u001b[31mRed\u009b2J title</title><meta name="description" content="${"1,".repeat(31_000)}">`;
    const p = extractPage(page(`<p>${prose}</p>`, head), "https://evil.example/");
    expect(p.title).toBe("]0;owned[31mRed2J title");
    expect(p.description).toHaveLength(MAX_DESCRIPTION_CHARS);
    const long = extractPage(page("<p>x</p>", `<title>${"A.".repeat(31_000)}</title>`), "https://evil.example/");
    expect(long.title).toHaveLength(MAX_TITLE_CHARS);
  });

  it("makes every text well-formed (a lone surrogate made PostgreSQL reject the row)", () => {
    const p = extractPage(
      page(`<p>${prose} odd \ud800 text <a href="/x">link \udc00 here</a></p>`, "<title>t\ud800</title>"),
      "https://evil.example/",
    );
    expect(p.title).toBe("t\ufffd");
    expect(p.content).toContain("odd \ufffd text");
    expect(p.links[0]!.anchorText).toBe("link \ufffd here");
  });
});

describe("boundNesting keeps the parser's stack bounded, whatever tags the page plays with", () => {
  const cases: Array<[string, string]> = [
    ["unclosed divs", "<div>".repeat(20_000)],
    ["closing tags of elements never opened", "<div></span>".repeat(20_000)],
    ["list items and paragraphs that do not close each other", "<li><p>".repeat(20_000)],
    ["self-closing tags inside SVG's HTML islands", `<svg><foreignObject>${"<div/>".repeat(20_000)}`],
    ["tags hidden in a comment the scan cannot see the end of", `<!--><div>${"<div>".repeat(20_000)}`],
  ];
  for (const [label, body] of cases) {
    it(label, () => {
      const bounded = boundNesting(page(`${body}text`), 256);
      expect(depthOf(bounded)).toBeLessThanOrEqual(260);
      expect(bounded).toContain("text");
    });
  }

  it("leaves ordinary pages untouched: closed, implied-closed and raw-text content", () => {
    const ordinary = page(
      `<ul>${"<li>item".repeat(500)}</ul>${"<p>para".repeat(500)}<table>${"<tr><td>a<td>b".repeat(500)}</table><script>if (a<b) x = "<div><div>";</script><svg>${"<path d='M0'/>".repeat(500)}</svg>`,
    );
    expect(boundNesting(ordinary, 64)).toBe(ordinary);
  });
});

describe("extraction off the main thread", () => {
  it("extracts as extractPage does, and a page over its time limit fails without stopping the next", async () => {
    const html = page(`<h2>Leavening</h2><p>${prose}<a href="/yeast">baker's yeast</a></p>`);
    expect(await extractPageOffThread(html, "https://bake.example/", 30_000)).toEqual(extractPage(html, "https://bake.example/"));
    const huge = page(`<p>${prose}</p>`.repeat(20_000));
    await expect(extractPageOffThread(huge, "https://evil.example/", 1)).rejects.toBeInstanceOf(ExtractTimeoutError);
    expect((await extractPageOffThread(html, "https://bake.example/", 30_000)).title).toBe("Hostile");
  }, 60_000);
});
