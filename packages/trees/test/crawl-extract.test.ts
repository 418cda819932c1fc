import { describe, expect, it } from "vitest";
import { extractPage } from "../src/crawl/extract";

const filler = "Sourdough relies on wild yeast and lactic acid bacteria that live together in a starter culture. ".repeat(4);

const ARTICLE = `<!doctype html><html><head>
<title>  Bread   Baking Guide </title>
<meta name="description" content="How bread is made, from flour to loaf.">
<link rel="canonical" href="/guides/bread">
</head><body>
<header><a href="/">Home</a> <a href="/login">Log in</a></header>
<nav><ul><li><a href="/guides">All guides</a></li></ul></nav>
<div class="breadcrumbs"><a href="/guides/food">Food</a></div>
<main>
  <h1>Bread baking</h1>
  <p>${filler}</p>
  <h2>Leavening agents</h2>
  <p>Most loaves rise because of <a href="yeast.html">baker's yeast</a>, a single-celled fungus, while soda bread uses
  <a href="https://chem.example.org/soda#top">baking soda</a> instead. ${filler}</p>
  <p>Varieties of flour:</p>
  <ul>
    <li><a href="/flour/wheat">Wheat flour</a></li>
    <li><a href="/flour/rye">Rye flour</a></li>
    <li><a href="/flour/wheat#protein">Wheat again</a></li>
  </ul>
  <p>Skip these: <a href="mailto:chef@example.org">mail</a> <a href="tel:+15551234">call</a>
  <a href="javascript:void(0)">script</a> <a href="#method">jump</a> <a href="/guides/bread.html#x">same page?</a>
  <a href="/img/loaf.JPG">photo</a> <a href="/docs/recipe.pdf">PDF recipe</a> <a href="/files/all.tar.gz">archive</a>
  <a href="/privacy-policy">our policy</a> <a href="/account/settings">settings</a> <a href="/help">Terms of Use</a>
  <a href="/signup">join</a> <a href="/x"></a> <a href="/oven"><img src="o.png" alt="Oven guide"></a></p>
</main>
<aside><a href="/ads">Sponsored</a></aside>
<footer><a href="/about">About us</a></footer>
</body></html>`;

describe("extractPage", () => {
  const page = extractPage(ARTICLE, "https://bake.example.com/guides/bread.html");

  it("keeps the requested URL and reads title, description and domain", () => {
    expect(page.url).toBe("https://bake.example.com/guides/bread.html");
    expect(page.domain).toBe("bake.example.com");
    expect(page.title).toBe("Bread Baking Guide");
    expect(page.description).toBe("How bread is made, from flour to loaf.");
  });

  it("extracts the readable text without navigation", () => {
    expect(page.content).toContain("Most loaves rise because of baker's yeast, a single-celled fungus");
    expect(page.content).not.toContain("All guides");
    expect(page.content).not.toContain("Sponsored");
    expect(page.content).not.toMatch(/\s{2}/);
  });

  it("keeps only meaningful links, resolved, deduplicated and in page order", () => {
    expect(page.links.map((l) => l.url)).toEqual([
      "https://bake.example.com/guides/yeast.html",
      "https://chem.example.org/soda",
      "https://bake.example.com/flour/wheat",
      "https://bake.example.com/flour/rye",
      "https://bake.example.com/oven",
    ]);
  });

  it("records anchor text, surrounding text and relationship", () => {
    const [yeast, soda, wheat, , oven] = page.links;
    expect(yeast).toMatchObject({ anchorText: "baker's yeast", relationship: "leavening agents" });
    expect(yeast!.surroundingText).toContain("Most loaves rise because of baker's yeast, a single-celled fungus, while soda bread");
    expect(yeast!.surroundingText.length).toBeLessThanOrEqual(100 + "baker's yeast".length + 100);
    expect(soda!.anchorText).toBe("baking soda");
    expect(wheat).toMatchObject({ anchorText: "Wheat flour", relationship: "varieties of flour" });
    expect(wheat!.surroundingText).toContain("Varieties of flour: Wheat flour Rye flour");
    // Image links take the image's alt text; the list caption no longer applies after the list.
    expect(oven).toMatchObject({ anchorText: "Oven guide", relationship: "leavening agents" });
  });

  it("falls back to 'related topics', honours <base> and nested-list captions", () => {
    const html = `<html><head><base href="https://docs.example.net/v2/"></head><body>
      <p>See <a href="intro.html">the introduction</a> first.</p>
      <dl><dt><a href="part1.html">I. Tutorial</a></dt>
        <dd><dl><dt><a href="start.html">1. Getting Started</a></dt></dl></dd></dl>
      <h3>4.2. Value Expressions</h3><p><a href="calls.html">calls</a></p>
      <ul><li>Chapter: <a href="ch.html">Chapter</a><ul><li><a href="sec.html">Section</a></li></ul></li></ul>
    </body></html>`;
    const p = extractPage(html, "https://docs.example.net/v2/index.html");
    expect(p.links.map((l) => [l.url.replace("https://docs.example.net/v2/", ""), l.relationship])).toEqual([
      ["intro.html", "related topics"],
      ["part1.html", "related topics"],
      ["start.html", "tutorial"],
      ["calls.html", "value expressions"],
      ["ch.html", "value expressions"],
      ["sec.html", "chapter: chapter"],
    ]);
    expect(p.title).toBeNull();
    expect(p.description).toBeNull();
    // Too little for an article: the page's own text is the content.
    expect(p.content).toContain("See the introduction first.");
  });

  it("keeps the first 100 meaningful links of a link farm", () => {
    const items = Array.from({ length: 150 }, (_, i) => `<li><a href="/p${i}">page ${i}</a></li>`).join("");
    const p = extractPage(`<html><body><ul>${items}</ul></body></html>`, "https://farm.example/");
    expect(p.links).toHaveLength(100);
    expect(p.links[0]!.url).toBe("https://farm.example/p0");
    expect(p.links[99]!.url).toBe("https://farm.example/p99");
  });

  it("treats DocBook-style navigation tables as navigation", () => {
    const html = `<html><body><div class="navheader"><a href="prev.html">Prev</a><a href="up.html">Up</a></div>
      <h2>Chapter 5. Data Definition</h2><div class="toc"><p><strong>Table of Contents</strong></p>
      <dl class="toc"><dt><a href="ddl-basics.html">5.1. Table Basics</a></dt></dl></div>
      <div class="navfooter"><a href="next.html">Next</a></div></body></html>`;
    const p = extractPage(html, "http://127.0.0.1/ddl.html");
    expect(p.links).toHaveLength(1);
    expect(p.links[0]).toMatchObject({ url: "http://127.0.0.1/ddl-basics.html", relationship: "table of contents" });
  });
});
