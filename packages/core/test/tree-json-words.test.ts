import { describe, expect, it } from "vitest";
import { parseDrArenaTree, TreeFormatError } from "../src";

const node = (over: Record<string, unknown> = {}) => ({
  url: "https://example.org/",
  domain: "example.org",
  title: "Example",
  description: null,
  content: null,
  crawled: true,
  depth: 0,
  error: null,
  relationship_cluster: null,
  link_contexts: [],
  children: [],
  ...over,
});

const messageOf = (data: unknown): TreeFormatError => {
  try {
    parseDrArenaTree(data);
  } catch (e) {
    if (e instanceof TreeFormatError) return e;
    throw e;
  }
  throw new Error("accepted");
};

/** A rejected tree file says in words which node and which field are wrong, and keeps the JSON path. */
describe("tree format errors in words", () => {
  it("a missing field", () => {
    const child = node({ depth: 1 });
    delete (child as Partial<typeof child>).url;
    const e = messageOf(node({ children: [node({ depth: 1 }), child] }));
    expect(e.path).toBe("children[1].url");
    expect(e.message).toBe('The node at children[1] has no "url" field (the address of its page); every node needs one, as text.');
  });

  it("a field of the wrong type, in a link of a node", () => {
    const e = messageOf(node({ link_contexts: [{ url: 42, anchor_text: "a", surrounding_text: "b", relationship: "c" }] }));
    expect(e.path).toBe("link_contexts[0].url");
    expect(e.message).toBe(
      'In link 1 (link_contexts[0]) of the root node, "url" (the address of its page) should be text but is a number.',
    );
  });

  it("an unknown field", () => {
    const e = messageOf(node({ colour: "blue" }));
    expect(e.message).toBe('The root node has a field the tree format does not know: "colour". Remove it, or check its spelling.');
  });
});
