import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UntrustedMarkdown } from "../src/components/markdown";
import {
  answerParts,
  MAX_MARKDOWN_CHARS,
  MAX_MARKDOWN_NESTING,
  nestingDepth,
  pageHref,
  plainTextReason,
  safeUrl,
} from "../src/lib/untrusted-markdown";

const render = (text: string) => renderToStaticMarkup(createElement(UntrustedMarkdown, { text }));

describe("safeUrl", () => {
  it("keeps http, https, mailto and in-page fragments", () => {
    for (const u of ["https://a.example/x?y=1", "http://a.example", "mailto:a@b.example", "#user-content-fn-1"]) expect(safeUrl(u)).toBe(u);
  });
  it("drops every other scheme, however it is spelled, and relative URLs", () => {
    for (const u of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "java\tscript:alert(1)",
      " javascript:alert(1)",
      "data:text/html,<b>",
      "vbscript:x",
      "file:///etc/passwd",
      "/admin",
      "//evil.example",
    ]) {
      expect(safeUrl(u)).toBe("");
    }
  });
});

describe("nestingDepth", () => {
  it("counts blockquote markers, list markers and list indentation", () => {
    expect(nestingDepth("plain text - not a list")).toBe(0);
    expect(nestingDepth("> > > quoted")).toBe(3);
    expect(nestingDepth("- a\n  - b\n    - c\n      1. d")).toBe(4);
    expect(nestingDepth(`${"> ".repeat(MAX_MARKDOWN_NESTING + 1)}x`)).toBe(MAX_MARKDOWN_NESTING + 1);
  });
  it("is linear: a megabyte of markers takes one pass", () => {
    const started = performance.now();
    expect(nestingDepth(">".repeat(1_000_000))).toBe(1_000_000);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe("plainTextReason", () => {
  it("sends oversized and deeply nested answers to the plain-text fallback", () => {
    expect(plainTextReason("short")).toBeNull();
    expect(plainTextReason("x".repeat(MAX_MARKDOWN_CHARS + 1))).toMatch(/longer/);
    expect(plainTextReason(">".repeat(500))).toMatch(/nested/);
  });
});

describe("answerParts", () => {
  it("numbers References entries by their label, else their position, and links only safe URLs", () => {
    const parts = answerParts(
      "Body [1] [2].\n\n## References\n1. https://one.example/a\n[2] Title https://two.example/b.\n- javascript:alert(1)",
    );
    expect([...parts.refs]).toEqual([
      [1, "https://one.example/a"],
      [2, "https://two.example/b"],
    ]);
    expect(parts.body).toBe("Body [1] [2].");
    expect(parts.entries.map((e) => e.n)).toEqual([1, 2, 3]);
  });
});

describe("pageHref", () => {
  it("sends pages of the offline world to their stored text in the app, and leaves other URLs alone", () => {
    expect(pageHref("https://world.arena.test/demo/1-lighthouses/north")).toBe(
      "/sandbox/page?url=https%3A%2F%2Fworld.arena.test%2Fdemo%2F1-lighthouses%2Fnorth",
    );
    expect(pageHref("https://en.wikipedia.org/wiki/X")).toBe("https://en.wikipedia.org/wiki/X");
  });
});

describe("UntrustedMarkdown", () => {
  it("renders the References section as a list, one entry per line (not one run-on paragraph)", () => {
    const html = render("The tower is tall. [1]\n\n## References\n[1] https://a.example/one\n[2] https://world.arena.test/demo/x");
    expect(html).toMatch(/<ol[^>]*data-testid="references"[^>]*>(<li[^>]*>.*?<\/li>){2}<\/ol>/);
    expect(html).toContain('href="https://a.example/one"');
    // The offline world's page opens its stored text in the app, its URL still shown.
    expect(html).toContain('href="/sandbox/page?url=https%3A%2F%2Fworld.arena.test%2Fdemo%2Fx"');
    expect(html).toContain(">https://world.arena.test/demo/x<");
    expect(html).not.toContain("## References");
  });
  it("shows raw HTML as text and never emits script, iframe, img or event handlers", () => {
    const html = render(
      '<script>alert(1)</script>\n\nInline <img src=x onerror=alert(2)> and <iframe src="https://evil.example"></iframe>\n\n![pixel](https://a.example/p.png)',
    );
    expect(html).not.toMatch(/<(script|iframe|img)\b/i);
    expect(html).not.toMatch(/<[^>]*\sonerror=/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain('href="https://a.example/p.png"');
  });
  it("neutralises unsafe links and marks safe ones as untrusted", () => {
    const html = render("[a](javascript:alert(1)) [b](data:text/html,x) [c](https://ok.example)");
    expect(html).not.toMatch(/javascript:|data:text/);
    expect(html).toContain('href="https://ok.example" rel="noopener noreferrer nofollow ugc" target="_blank"');
  });
  it("links inline citations to the References URLs", () => {
    const html = render("A claim [1] and a year [2020].\n\n## References\n1. https://src.example/1");
    expect(html).toContain(
      '<a href="https://src.example/1" rel="noopener noreferrer nofollow ugc" target="_blank" class="text-sky-700 underline dark:text-sky-400">[1]</a>',
    );
    expect(html).toContain("[2020]");
  });
  it("falls back to plain text for deeply nested answers", () => {
    const html = render(`${"> ".repeat(200)}deep <b>x</b>`);
    expect(html).toContain("<pre");
    expect(html).toContain("&lt;b&gt;");
  });
});
