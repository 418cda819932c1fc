import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SupportBadge, UnsupportedCount } from "../src/features/matches/citation-support";
import { DroppedNote } from "../src/features/matches/dropped-note";

const text = (html: string) => html.replace(/<[^>]+>/g, "").replaceAll("&#x27;", "'");

/** The match page's small notes: what a provider's answer caps dropped, and contradicted citations. */
describe("the match page's notes", () => {
  it("say how many citations and answer parts the caps left unread, and nothing when none were", () => {
    const note = (dropped: { citations: number; items: number } | undefined) =>
      renderToStaticMarkup(createElement(DroppedNote, { dropped, testId: "d" }));
    expect(text(note({ citations: 4, items: 1 }))).toBe(
      "Not read: 4 citations and 1 answer part of the provider's answer over the arena's per-answer limits, so its References may be incomplete.",
    );
    expect(text(note({ citations: 0, items: 3 }))).toContain("Not read: 3 answer parts of");
    expect(note({ citations: 0, items: 0 })).toBe("");
    expect(note(undefined)).toBe("");
  });

  it("mark a contradicted statement as such and count it within the unsupported", () => {
    const badge = (pair: { support: "supported" | "unsupported" | "unknown"; contradicted?: boolean }) =>
      text(renderToStaticMarkup(createElement(SupportBadge, { pair })));
    expect(badge({ support: "unsupported", contradicted: true })).toBe("contradicted");
    expect(badge({ support: "unsupported" })).toBe("unsupported");
    expect(badge({ support: "supported" })).toBe("supported");
    const counts = (unsupported: number, contradicted: number) =>
      text(renderToStaticMarkup(createElement(UnsupportedCount, { c: { unsupported, contradicted } })));
    expect(counts(3, 1)).toBe("3 unsupported (1 contradicted)");
    expect(counts(2, 0)).toBe("2 unsupported");
  });
});
