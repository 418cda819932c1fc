import { describe, expect, it } from "vitest";
import { agentSubmissionSchema, fromSubmission } from "../src";

/** Organisation and link are optional submission fields; a link must be an http(s) page. */
describe("agent metadata in a submission", () => {
  const base = { name: "Olive", protocol: "arena-http", endpoint: "https://agent.example/run" };

  it("carries organisation and link through to the new agent", () => {
    const s = agentSubmissionSchema.parse({ ...base, organisation: "  Olive Labs ", link: "https://olive.example/" });
    const agent = fromSubmission(s, null, "pending");
    expect([agent.organisation, agent.link]).toEqual(["Olive Labs", "https://olive.example/"]);
    expect(fromSubmission(agentSubmissionSchema.parse(base), null, "pending")).toMatchObject({ organisation: null, link: null });
  });

  it("refuses a link that is not http(s), naming the field", () => {
    const r = agentSubmissionSchema.safeParse({ ...base, link: "javascript:alert(1)" });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: ["link"], message: "link must be an http(s) URL" });
  });
});
