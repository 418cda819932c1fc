import { describe, expect, it } from "vitest";
import { parseWordLimit, sentences, splitReferences, truncateWords, wordLimit } from "../src/index";

describe("splitReferences", () => {
  it("takes a '## Works cited' heading section out of the body", () => {
    const r = splitReferences("Acme was founded in 1990 [1].\n\n## Works cited\n1. https://acme.example/history\n");
    expect(r.body).toBe("Acme was founded in 1990 [1].");
    expect(r.references).toBe("1. https://acme.example/history");
  });

  it("accepts the singular '## Reference' and a bold label line", () => {
    expect(splitReferences("Body text.\n\n## Reference\n[1] https://a.example/x").references).toBe("[1] https://a.example/x");
    const bold = splitReferences("Body text.\n\n**Sources:**\n- [1] https://a.example/x");
    expect(bold).toEqual({ body: "Body text.", references: "- [1] https://a.example/x" });
  });

  it("reads an untitled trailing [n] URL block as the section", () => {
    const r = splitReferences("The Lynx launched at $179.99 [1][2].\n\n[1] https://a.example/lynx\n[2] https://b.example/atari\n");
    expect(r.body).toBe("The Lynx launched at $179.99 [1][2].");
    expect(r.references).toBe("[1] https://a.example/lynx\n[2] https://b.example/atari");
  });

  it("leaves a trailing block alone when one line is not an entry", () => {
    const text = "Body.\n\n[1] https://a.example/x\nsee also the museum";
    expect(splitReferences(text)).toEqual({ body: text, references: "" });
  });

  it("keeps the body that follows an early '## Sources' heading", () => {
    const text = "# Report\nIntro.\n\n## Sources\n[1] https://a.example/x\n\n## Analysis\nThe Zephyr Institute leads [1].";
    const r = splitReferences(text);
    expect(r.references).toBe("[1] https://a.example/x");
    expect(r.body).toContain("The Zephyr Institute leads [1].");
    expect(r.body).not.toContain("https://a.example/x");
  });

  it("uses the last titled section and ignores titles inside code", () => {
    const text = "## Sources\nthe word sources here is body\n\n```\n## References\n```\nMore.\n\n## References\n[1] https://c.example/";
    const r = splitReferences(text);
    expect(r.references).toBe("[1] https://c.example/");
    expect(r.body).toContain("the word sources here is body");
    expect(r.body).toContain("```\n## References\n```");
  });

  it("returns the whole text as body without a section", () => {
    expect(splitReferences("No citations at all.")).toEqual({ body: "No citations at all.", references: "" });
  });
});

describe("text helpers", () => {
  it("splits sentences, breaking at line ends", () => {
    expect(sentences("First one.  Second\n one here? Menu\nThird.")).toEqual(["First one.", "Second", "one here?", "Menu", "Third."]);
  });

  it("truncates to a word count with an ellipsis", () => {
    expect(truncateWords("a  b c d", 2)).toBe("a b…");
    expect(truncateWords("a b", 2)).toBe("a b");
  });

  it("parseWordLimit reads back wordLimit's instruction and other wordings", () => {
    const w = wordLimit(3, 4);
    expect(parseWordLimit(w.instruction)).toEqual({ min: w.min, max: w.max });
    expect(parseWordLimit("between 300 to 200 words")).toEqual({ min: 200, max: 300 });
    expect(parseWordLimit("be brief")).toBeNull();
  });
});

describe("splitReferences on hostile answers", () => {
  // Each of these took seconds to minutes with the earlier backtracking patterns (8,000 spaces
  // after a heading: 145 s); they are ordinary inputs now, and the suite's timeout would catch a return.
  const spaces = " ".repeat(40_000);
  it("reads long runs of spaces in headings, labels and entry lines", () => {
    expect(splitReferences(`# a${spaces}x\nbody`)).toEqual({ body: `# a${spaces}x\nbody`, references: "" });
    expect(splitReferences(`Body.\n\n**Sources**${spaces}\n- https://one.org`).references).toBe("- https://one.org");
    expect(splitReferences(`Body.\n\n1. ${spaces}x\n2. https://two.org`).references).toBe("");
    expect(splitReferences(`Body.\n\n1. ${spaces} https://one.org`).references).toBe(`1. ${spaces} https://one.org`);
  });

  it("finds the last blank line of an answer with many paragraphs", () => {
    const paragraphs = Array.from({ length: 20_000 }, (_, i) => `Paragraph ${i}.`).join("\n\n");
    expect(splitReferences(`${paragraphs}\n\n[1] https://one.org\n[2] https://two.org`).references).toBe(
      "[1] https://one.org\n[2] https://two.org",
    );
  });

  it("still reads headings with closing hashes and labels with colons", () => {
    expect(splitReferences("Body.\n\n## Sources ##\n- https://one.org").references).toBe("- https://one.org");
    expect(splitReferences("Body.\n\nReferences :\n- https://one.org").references).toBe("- https://one.org");
    expect(splitReferences("Body.\n\n####### Sources\n- https://one.org").references).toBe("");
  });
});
