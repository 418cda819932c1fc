import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { describeRating } from "@arena/core/rating-display";
import type { LeaderboardRow } from "@arena/tournament/read";
import { PredictedHeatmap } from "../src/features/analysis/heatmaps";

const row = (agentId: string, rating: number, lower: number, upper: number, unbounded: LeaderboardRow["unbounded"] = null) =>
  ({ agentId, name: agentId, rating, lower, upper, unbounded }) as LeaderboardRow;

/** Cell tooltips as rendered, `&amp;`-style entities decoded enough for the characters used here. */
const titles = (html: string) =>
  [...html.matchAll(/<td[^>]* title="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&#x27;", "'").replaceAll("&amp;", "&"));

/**
 * The predicted-probability heatmap words each rating in its tooltip as core's describeRating does
 * on every other page: an unbeaten agent by its bound ("unbeaten, ≥ 1100"), never the 2400 its fit
 * stopped at; a wide interval flagged.
 */
describe("the predicted heatmap's tooltips", () => {
  const rows = [row("Top", 2400, 1800, 3000, { side: "unbeaten", bound: 1100 }), row("Mid", 1000, 500, 1600), row("Low", 900, 860, 940)];
  const html = renderToStaticMarkup(createElement(PredictedHeatmap, { agents: rows.map((r) => ({ id: r.agentId, name: r.name })), rows }));

  it("name an unbeaten agent's bound, never the fit's number", () => {
    const top = titles(html).filter((t) => t.startsWith("Top vs"));
    expect(top).toHaveLength(2);
    for (const t of top) {
      expect(t).toContain("unbeaten, ≥ 1100");
      expect(t).not.toContain("2400");
    }
  });

  it("word finite ratings with their interval and flag, as describeRating does", () => {
    const midLow = titles(html).find((t) => t.startsWith("Mid vs Low"))!;
    expect(midLow).toContain(`from ratings ${describeRating(rows[1]!).text} and ${describeRating(rows[2]!).text}`);
    expect(midLow).toContain("(wide)");
  });
});
