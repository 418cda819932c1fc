import { describe, expect, it } from "vitest";
import type { FetchedPage } from "@arena/core";
import { cachedPages } from "../src/index";

describe("the shared page cache", () => {
  it("fetches each page once (fragments ignored), caches failures as null, evicts the oldest beyond its size", async () => {
    const calls: string[] = [];
    const pages = cachedPages(async (url) => {
      calls.push(url);
      if (url.includes("down")) throw new Error("refused");
      return { url, domain: "a.example", title: `T ${url}`, description: null, content: "body", links: [] } satisfies FetchedPage;
    }, 2);
    expect(await pages("https://a.example/1#top")).toBe("T https://a.example/1\nbody");
    expect(await pages("https://a.example/1")).toBe("T https://a.example/1\nbody");
    expect(await pages("https://a.example/down")).toBeNull();
    expect(await pages("https://a.example/down")).toBeNull();
    expect(calls).toEqual(["https://a.example/1", "https://a.example/down"]);
    await pages("https://a.example/2");
    await pages("https://a.example/1");
    expect(calls).toEqual(["https://a.example/1", "https://a.example/down", "https://a.example/2", "https://a.example/1"]);
  });
});
