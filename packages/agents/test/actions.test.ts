import { describe, expect, it } from "vitest";
import { AGENT_ACTIONS, agentActionAllowed, type AgentAction } from "../src/actions";
import { SHOWN_STATUSES } from "../src/owners";

const allowed = (status: string) => (Object.keys(AGENT_ACTIONS) as AgentAction[]).filter((a) => agentActionAllowed(a, status));

describe("which actions an agent's status allows", () => {
  it("gives each shown status its actions, as the console and the owner pages offered them before the table", () => {
    expect(Object.fromEntries(SHOWN_STATUSES.map((s) => [s, allowed(s)]))).toEqual({
      pending: ["approve", "disable", "recheck", "withdraw", "remove", "rotateKey"],
      approved: ["disable", "recheck", "remove", "rotateKey"],
      active: ["disable", "recheck", "remove", "rotateKey"],
      disabled: ["recheck", "remove", "rotateKey"],
      "failing health": ["disable", "recheck", "remove", "rotateKey"],
      failing: ["disable", "recheck", "remove", "rotateKey"],
      withdrawn: ["remove"],
      retired: [],
    });
  });

  it("allows nothing for a status it does not know", () => {
    expect(allowed("archived")).toEqual([]);
  });
});
