import { describe, expect, it } from "vitest";
import { describeRating } from "@arena/core";
import { peopleRatingRowSchema } from "../src/people/schemas";

describe("people's rating rows as stored", () => {
  it("keep core's `shared` mark, so a winless agent that beat another winless one reads 'no win over the rest'", () => {
    const stored = {
      agentId: "a",
      name: "A",
      rating: -158,
      lower: -641,
      upper: -7,
      rank: 5,
      games: 9,
      wins: 1,
      losses: 8,
      ties: 0,
      unbounded: { side: "winless", bound: 1350.2, shared: true },
    };
    const row = peopleRatingRowSchema.parse(JSON.parse(JSON.stringify(stored)));
    expect(row.unbounded).toEqual({ side: "winless", bound: 1350.2, shared: true });
    expect(describeRating(row).text).toBe("no win over the rest, ≤ 1350");
  });
});
