import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** DNS answers by host name, in the order the resolver returns them. */
const answers = new Map<string, string[]>();
vi.mock("node:dns/promises", () => ({
  lookup: async (host: string) => {
    const found = answers.get(host);
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  },
}));

const { assertAllowedUrl, NetError } = await import("../src");

async function refused(url: string, spec: Parameters<typeof assertAllowedUrl>[1] = {}): Promise<string> {
  const err = await assertAllowedUrl(url, spec).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(NetError);
  return (err as InstanceType<typeof NetError>).message;
}

describe("every DNS answer is vetted, in any order", () => {
  beforeEach(() => answers.clear());

  it.each([
    ["public first", ["93.184.215.14", "10.0.0.7"]],
    ["private first", ["10.0.0.7", "93.184.215.14"]],
    ["IPv6 loopback last", ["93.184.215.14", "2606:4700::1111", "::1"]],
  ])("a name with a private address among public ones is refused (%s)", async (_, addresses) => {
    answers.set("mixed.example", addresses);
    expect(await refused("http://mixed.example/")).toMatch(/resolves to (10\.0\.0\.7|::1)/);
  });

  it("a name with public answers only passes, all of them vetted", async () => {
    answers.set("public.example", ["93.184.215.14", "2606:4700::1111"]);
    expect((await assertAllowedUrl("http://public.example/")).addresses).toEqual(["93.184.215.14", "2606:4700::1111"]);
  });
});

describe("one allow-list per purpose", () => {
  const names = ["ARENA_ALLOW_HOSTS", "ARENA_EXAMINER_ALLOW_HOSTS", "ARENA_AGENT_ALLOW_HOSTS", "ARENA_SEARCH_ALLOW_HOSTS"] as const;
  const saved = names.map((n) => process.env[n]);
  afterEach(() => {
    names.forEach((n, i) => {
      if (saved[i] === undefined) delete process.env[n];
      else process.env[n] = saved[i];
    });
  });

  it("the crawler reads ARENA_ALLOW_HOSTS only; the examiner ARENA_EXAMINER_ALLOW_HOSTS only", async () => {
    process.env.ARENA_ALLOW_HOSTS = "10.1.0.0/16";
    process.env.ARENA_EXAMINER_ALLOW_HOSTS = "127.0.0.1:11434";
    await expect(assertAllowedUrl("http://10.1.2.3/")).resolves.toBeTruthy();
    await expect(assertAllowedUrl("http://10.1.2.3/", { purpose: "crawl" })).resolves.toBeTruthy();
    await refused("http://127.0.0.1:11434/v1", { purpose: "crawl" });
    await expect(assertAllowedUrl("http://127.0.0.1:11434/v1", { purpose: "examiner" })).resolves.toBeTruthy();
    await refused("http://10.1.2.3/", { purpose: "examiner" });
  });

  it("a search provider reads ARENA_SEARCH_ALLOW_HOSTS only, limited to its endpoint's origin; no other purpose sees it", async () => {
    process.env.ARENA_SEARCH_ALLOW_HOSTS = "127.0.0.1:8888,10.9.0.0/16";
    process.env.ARENA_ALLOW_HOSTS = "10.1.0.0/16";
    const search = { purpose: "search" as const, allowOrigin: "http://127.0.0.1:8888/" };
    await expect(assertAllowedUrl("http://127.0.0.1:8888/search?q=x", search)).resolves.toBeTruthy();
    await refused("http://10.9.0.5/", search); // allow-listed for search, but not this provider's origin
    await refused("http://10.1.2.3/", search); // the crawler's entries do not apply
    for (const purpose of ["crawl", "examiner", "agent"] as const)
      await refused("http://127.0.0.1:8888/", { purpose, allowOrigin: "http://127.0.0.1:8888/" });
  });

  it("an agent may reach only its own allow-listed origin, not the examiner's model server nor other allow-listed hosts", async () => {
    process.env.ARENA_EXAMINER_ALLOW_HOSTS = "127.0.0.1:11434";
    process.env.ARENA_AGENT_ALLOW_HOSTS = "127.0.0.1:9000";
    process.env.ARENA_ALLOW_HOSTS = "10.1.0.0/16";
    const agent = { purpose: "agent" as const, allowOrigin: "http://127.0.0.1:9000/answer", allow: ["192.168.5.0/24"] };
    await expect(assertAllowedUrl("http://127.0.0.1:9000/answer/poll/1", agent)).resolves.toBeTruthy();
    await refused("http://127.0.0.1:11434/v1/chat/completions", agent);
    await refused("http://10.1.2.3/", agent);
    await refused("http://192.168.5.5/", agent);
    await refused("http://127.0.0.1:9001/", agent);
    // Public destinations stay open to agents (a redirect to a CDN, say).
    await expect(assertAllowedUrl("http://93.184.215.14/", agent)).resolves.toBeTruthy();
  });

  it("an agent whose own origin the operator allow-listed by CIDR, AllowedHost row or ARENA_ALLOW_HOSTS still reaches it", async () => {
    process.env.ARENA_ALLOW_HOSTS = "10.1.0.0/16";
    await expect(
      assertAllowedUrl("http://10.1.2.3:8080/v1", { purpose: "agent", allowOrigin: "http://10.1.2.3:8080/v1" }),
    ).resolves.toBeTruthy();
    await expect(
      assertAllowedUrl("http://[fd00::5]/a", { purpose: "agent", allowOrigin: "http://[fd00::5]/", allow: ["fd00::/8"] }),
    ).resolves.toBeTruthy();
    await refused("http://[fd00::6]/a", { purpose: "agent", allowOrigin: "http://[fd00::5]/", allow: ["fd00::/8"] });
  });
});
