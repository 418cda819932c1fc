import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { PrismaClient } from "@arena/db";
import { addAllowedHost } from "@arena/db/accounts";
import { PROVIDER_PRESETS } from "@arena/agents/presets";
import { freshDb } from "../helpers/arena";
import { reply, startOpenAITestServer, type OpenAITestServer } from "../servers/openai-test-server";
import { providerReply, startAnthropicTestServer } from "../servers/anthropic-test-server";
import { startGeminiTestServer, type GeminiTestServer } from "../servers/gemini-test-server";
import type { ProviderTestServer } from "../servers/provider-test-server";
import { anthropicMessage, geminiResponse, perplexityCompletion, responsesOutput, type Source } from "../servers/provider-fixtures";
import { workerChromium, SCREENSHOTS } from "../web/browser";
import { sharedWeb, type SharedWeb } from "../helpers/web";
import { accountsEnv, createUser, PASSWORD } from "./fixtures";

/**
 * /agents/new with provider presets, in Chromium against the production build: each preset shows
 * only what its provider needs; for the provider protocols an owner fills a name and a key (the
 * endpoint pointed at the local server speaking that provider's format), "Test endpoint" runs the
 * health check and a probe question through the official SDK, and Submit registers the agent.
 */
const env = accountsEnv();
Object.assign(process.env, env);
const sources: Source[] = [
  { url: "https://www.edfringe.com/about", title: "About the Fringe" },
  { url: "https://en.wikipedia.org/wiki/Edinburgh_Festival_Fringe", title: "Edinburgh Festival Fringe" },
];
const claims = ["The Fringe was founded in 1947.", "It is the largest arts festival in the world."];

describe("provider presets in the submission form", () => {
  let db: PrismaClient;
  let web: SharedWeb;
  let browser: Browser;
  let openai: OpenAITestServer;
  let anthropic: ProviderTestServer;
  let gemini: GeminiTestServer;

  beforeAll(async () => {
    db = await freshDb();
    web = await sharedWeb();
    browser = await workerChromium();
    openai = await startOpenAITestServer({ models: ["o4-mini-deep-research", "sonar-deep-research"] });
    anthropic = await startAnthropicTestServer({ models: ["claude-sonnet-4-6"] });
    gemini = await startGeminiTestServer({ models: ["gemini-2.5-pro"] });
    for (const s of [openai.baseUrl, anthropic.baseUrl, gemini.baseUrl]) await addAllowedHost(db, new URL(s).host, "provider test server");
    openai.setRunHandler(() => ({ output: responsesOutput(claims, sources), polls: 0 }));
    const p = perplexityCompletion(claims, sources);
    openai.setHandler(() => reply.content(p.content, { citations: p.citations }));
    anthropic.setHandler(() => providerReply.body(anthropicMessage(claims, sources)));
    gemini.setHandler(() => providerReply.body(geminiResponse(claims, sources, { redirect: (i) => gemini.redirectTo(sources[i]!.url) })));
    await createUser(db, "owner", "presets@example.test");
  }, 660_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([openai?.close(), anthropic?.close(), gemini?.close()]);
    await db?.$disconnect();
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}/presets-${name}.png`, fullPage: true });

  it("each preset asks only what its provider needs; the provider protocols test, register and health-check", async () => {
    const page = await browser.newPage();
    await page.goto(`${web.url}/signin`);
    await page.getByLabel("Email").fill("presets@example.test");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/signin"));
    await page.goto(`${web.url}/agents/new`);
    const form = page.getByRole("form", { name: "Submit an agent" });

    for (const preset of PROVIDER_PRESETS) {
      await form.getByRole("combobox", { name: /^Provider/ }).selectOption(preset.id);
      await expect.poll(() => form.getByTestId("preset-hint").textContent()).toContain(`Protocol: ${preset.protocol}.`);
      expect(await form.getByLabel(/^Endpoint/).inputValue()).toBe(preset.endpoint ?? "");
      expect(await form.getByLabel("Model").count()).toBe(preset.model ? 1 : 0);
      if (preset.model) expect(await form.getByLabel("Model").inputValue()).toBe(preset.model.suggested);
      const boxes = form.locator('input[name="tools"]');
      expect(await boxes.count()).toBe(preset.tools?.offered.length ?? 0);
      for (const t of preset.tools?.chosen ?? []) expect(await form.locator(`input[name="tools"][value="${t}"]`).isChecked()).toBe(true);
      await shot(page, preset.id);
    }

    const cases = [
      {
        preset: "openai-deep-research",
        server: openai.baseUrl,
        name: "web-deep-research",
        protocol: "openai_responses",
        health: /model o4-mini-deep-research available/,
      },
      {
        preset: "anthropic",
        server: anthropic.baseUrl,
        name: "web-claude",
        protocol: "anthropic",
        health: /model claude-sonnet-4-6 available/,
      },
      {
        preset: "gemini",
        server: gemini.baseUrl,
        name: "web-gemini",
        protocol: "gemini",
        health: /model models\/gemini-2\.5-pro available/,
      },
      { preset: "perplexity", server: openai.baseUrl, name: "web-sonar", protocol: "openai", health: /models endpoint answered/ },
    ];
    for (const c of cases) {
      await page.goto(`${web.url}/agents/new`);
      await form.getByLabel("Name").fill(c.name);
      await form.getByRole("combobox", { name: /^Provider/ }).selectOption(c.preset);
      await expect.poll(() => form.getByLabel(/^Endpoint/).inputValue()).not.toBe("");
      // The provider's own API is not reachable here: the endpoint points at the local server.
      await form.getByLabel(/^Endpoint/).fill(c.server);
      await form.getByLabel("API key").fill(`sk-${c.name}`);
      await form.getByRole("button", { name: "Test endpoint" }).click();
      const result = form.getByRole("region", { name: "Test result" });
      await result.waitFor({ timeout: 60_000 });
      const text = (await result.textContent()) ?? "";
      expect(text).toMatch(c.health);
      expect(text).toMatch(/citations parsed: 2/);
      await shot(page, `${c.preset}-tested`);
      await form.getByRole("button", { name: "Submit" }).click();
      await page.waitForURL(`${web.url}/me/agents`);
      const stored = await db.agent.findUniqueOrThrow({ where: { name: c.name } });
      expect({ protocol: stored.protocol, endpoint: stored.endpoint, status: stored.status }).toEqual({
        protocol: c.protocol,
        endpoint: c.server,
        status: "healthy",
      });
      expect(stored.secretEnc).not.toContain(`sk-${c.name}`);
    }
    expect((await db.agent.findUniqueOrThrow({ where: { name: "web-deep-research" } })).config).toEqual({
      tools: ["web_search_preview", "code_interpreter"],
    });
    expect((await db.agent.findUniqueOrThrow({ where: { name: "web-sonar" } })).config).toEqual({});
    await shot(page, "my-agents");
  }, 300_000);
});
