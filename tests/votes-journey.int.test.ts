process.env.ARENA_QUEUE_PREFIX = `votes-journey-${process.pid}`;
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { PrismaClient } from "@arena/db";
import { castVote, nextVoteRound, type VoteVerdict } from "@arena/votes";
import { playTournament } from "./audit/fixtures";
import { freshDb } from "./helpers/arena";
import { startWorker, type WorkerProcess } from "./helpers/processes";
import { createAccount, signIn, startWeb, type ArenaProcess } from "./helpers/web";
import { flushRedis } from "./tournament-fixtures";
import { hydrated, workerChromium, SCREENSHOTS } from "./web/browser";

/**
 * People's blind votes in Chromium at the address `arena web` prints, on a tournament the workers
 * played: a visitor signs up, votes on five rounds with the keyboard only, marks a passage while
 * voting, sees each reveal only after the vote, and finds the mark highlighted on the match page;
 * a worker counts the votes, and the people's leaderboard and its agreement line move from "not
 * enough votes yet" to a figure once the visitor's votes reach the documented minimum.
 * Blindness is checked on the server's HTML (no agent name before the vote), and the page at
 * 390 px has no sideways scroll. Screenshots: var/screenshots/vote-*.png.
 */
const PASSWORD = "votes-journey-password-1";
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}/vote-${name}.png`, fullPage: true });

/**
 * In the page (a string: the tests compile without DOM types): where the first `n` characters of
 * the first long plain line of an answer are, both ends on one line, and their text.
 */
const PLAIN_LINE = `(root, n) => {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const lead = node.data.length - node.data.trimStart().length;
    if (node.data.trim().length < n + 5 || node.parentElement.closest("a, code")) continue;
    const box = (from, to) => {
      const r = document.createRange();
      r.setStart(node, from);
      r.setEnd(node, to);
      const b = r.getClientRects()[0];
      return { y: b.top + b.height / 2, left: b.left, right: b.right };
    };
    const first = box(lead, lead + 1);
    const last = box(lead + n - 1, lead + n);
    if (Math.abs(first.y - last.y) > 2) continue;
    return { x1: first.left + 0.5, x2: last.right - 0.5, y: first.y, text: node.data.slice(lead, lead + n) };
  }
  throw new Error("no long plain line in the answer");
}`;

/** Drags the mouse over the first `chars` characters of the first long plain line of an answer (a CSS selector); returns the text selected. */
async function dragSelect(page: Page, answer: string, chars: number): Promise<string> {
  const spot = (await page.evaluate(`(${PLAIN_LINE})(document.querySelector(${JSON.stringify(answer)}), ${chars})`)) as {
    x1: number;
    x2: number;
    y: number;
    text: string;
  };
  await page.mouse.move(spot.x1, spot.y);
  await page.mouse.down();
  await page.mouse.move(spot.x2, spot.y, { steps: 8 });
  await page.mouse.up();
  return spot.text;
}

/** The text of each range of a CSS custom highlight on the page. */
const highlighted = (page: Page, name: string) =>
  page.evaluate(`[...(CSS.highlights.get(${JSON.stringify(name)}) ?? [])].map((r) => r.toString())`) as Promise<string[]>;

/** Votes seeded before the journey (script voters who follow the examiner): with the two tests' first six, 32 — past the minimum of 30. */
const SEEDED = 26;

/** The examiner's verdict on a round in the seats a voter was shown (what a careful voter agrees with). */
async function examinersVerdictAsShown(db: PrismaClient, roundId: string, voterId: string): Promise<VoteVerdict> {
  const round = await db.round.findUniqueOrThrow({ where: { id: roundId }, select: { verdictToken: true } });
  const view = await db.voteView.findUniqueOrThrow({ where: { roundId_voterId: { roundId, voterId } } });
  const v = round.verdictToken!.slice(2, -2).replace("Tie", "TIE") as VoteVerdict;
  return view.seatsSwapped ? (v.replace(/^A_/, "X_").replace(/^B_/, "A_").replace(/^X_/, "B_") as VoteVerdict) : v;
}

/** `SEEDED` votes of three script voters through the package's commands, as the API would cast them. */
async function seedVotes(db: PrismaClient): Promise<void> {
  let cast = 0;
  for (let k = 0; cast < SEEDED; k++) {
    if (k === 3) throw new Error(`only ${cast} rounds to seed votes on`);
    const voter = await db.user.create({
      data: { id: `script-voter-${k}`, name: `Script voter ${k}`, email: `script-${k}@votes-journey.test`, role: "owner" },
    });
    for (let i = 0; i < 9 && cast < SEEDED; i++, cast++) {
      const round = await nextVoteRound(db, { voterId: voter.id });
      if (!round) break;
      await castVote(db, {
        voterId: voter.id,
        roundId: round.roundId,
        verdict: await examinersVerdictAsShown(db, round.roundId, voter.id),
      });
    }
  }
}

/** The people's leaderboard, read afresh until `ok` holds for its agreement line and counted verdicts. */
async function peopleBoard(page: Page, url: string, ok: (line: string, counted: string) => boolean): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto(`${url}/leaderboard?by=people`);
        const line = (await page.getByTestId("people-agreement").textContent())!.trim();
        const counted =
          (await page
            .getByTestId("people-snapshot")
            .textContent()
            .catch(() => "")) ?? "";
        return ok(line, counted) ? "ok" : `${line} | ${counted}`;
      },
      { timeout: 120_000, interval: 1_000 },
    )
    .toBe("ok");
}

/** No element wider than the window: nothing to scroll sideways at 390 px. */
async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
}

describe("people's blind votes at the address `arena web` prints", () => {
  let db: PrismaClient;
  let web: ArenaProcess;
  let browser: Browser;
  let worker: WorkerProcess;
  let agentNames: string[];

  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    await playTournament(db);
    agentNames = (await db.agent.findMany({ select: { name: true } })).map((a) => a.name);
    await seedVotes(db);
    await createAccount("vera@votes-journey.test", "auditor", PASSWORD);
    // The worker counts votes into the people's snapshots (its reconciler notices new votes).
    worker = await startWorker({ ARENA_RECONCILE_MS: "2000" });
    web = await startWeb();
    browser = await workerChromium();
  }, 660_000);
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await worker?.stop();
    await flushRedis();
    await db?.$disconnect();
  });

  it("the vote page's HTML names no agent, match or examiner verdict before the vote; after it, the reveal does", async () => {
    const cookie = await signIn(web.url, "vera@votes-journey.test", PASSWORD);
    const res = await fetch(`${web.url}/vote`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const served = await db.voteView.findFirstOrThrow({
      where: { voter: { email: "vera@votes-journey.test" } },
      include: { round: { include: { match: { include: { agentA: true, agentB: true } } } } },
    });
    expect(html).toContain(served.roundId);
    for (const name of agentNames) expect(html, name).not.toContain(name);
    for (const id of [served.round.matchId, served.round.match.agentAId, served.round.match.agentBId]) expect(html).not.toContain(id);
    const reasoning = (served.round.verdict as { reasoning?: string } | null)?.reasoning ?? "";
    expect(reasoning.length).toBeGreaterThan(20);
    expect(html).not.toContain(reasoning.slice(0, 40));

    // The same round in Chromium: nothing identifying until the vote is stored, then both names.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${web.url}/signin?next=${encodeURIComponent("/vote")}`);
    await page.getByLabel("Email").fill("vera@votes-journey.test");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${web.url}/vote`);
    const form = page.getByTestId("vote-form");
    await hydrated(form);
    expect(await form.getAttribute("data-round")).toBe(served.roundId);
    for (const name of agentNames) expect(await page.content(), name).not.toContain(name);
    await page.keyboard.press("3");
    await page.keyboard.press("Enter");
    await page.getByTestId("vote-reveal").waitFor();
    const vote = await db.vote.findUniqueOrThrow({ where: { roundId_voterId: { roundId: served.roundId, voterId: served.voterId } } });
    const [a, b] = vote.seatsSwapped
      ? [served.round.match.agentB, served.round.match.agentA]
      : [served.round.match.agentA, served.round.match.agentB];
    expect(await page.getByTestId("reveal-agent-a").textContent()).toBe(a.name);
    expect(await page.getByTestId("reveal-agent-b").textContent()).toBe(b.name);
    expect(vote.verdict).toBe("TIE");
    await context.close();
  }, 300_000);

  it("a visitor signs up, votes on five rounds with the keyboard, marks a passage, sees each reveal, and finds the mark on the match page", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // Anonymous: the vote page sends to the sign-in page, to come back to /vote.
    await page.goto(`${web.url}/vote`);
    await page.waitForURL(`${web.url}/signin?next=${encodeURIComponent("/vote")}`);
    await page.goto(`${web.url}/signup`);
    await page.getByLabel("Name").fill("Nora Newcomer");
    await page.getByLabel("Email").fill("nora@votes-journey.test");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${web.url}/agents/new`);
    // The header offers Vote to every signed-in account.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Vote", exact: true }).click();
    await page.waitForURL(`${web.url}/vote`);
    const voter = await db.user.findUniqueOrThrow({ where: { email: "nora@votes-journey.test" } });

    // Before her votes: the seeded votes and the first test's are counted, below the minimum.
    const board = await context.newPage();
    await peopleBoard(
      board,
      web.url,
      (line, counted) => line === "not enough votes yet" && counted.startsWith(`${SEEDED + 1} counted verdicts`),
    );
    await shot(board, "1280-people-before");

    const form = page.getByTestId("vote-form");
    const verdicts = ["1", "2", "3", "4", "5"] as const;
    const stored = ["A_MUCH_BETTER", "A_BETTER", "TIE", "B_BETTER", "B_MUCH_BETTER"];
    const seen: string[] = [];
    let marked: { roundId: string; text: string } | null = null;
    for (let i = 0; i < 5; i++) {
      await page.locator('[data-testid="vote-form"][data-state="voting"]').waitFor();
      await hydrated(form);
      const roundId = (await form.getAttribute("data-round"))!;
      expect(seen).not.toContain(roundId);
      seen.push(roundId);
      for (const name of agentNames) expect(await page.content(), name).not.toContain(name);
      if (i === 0) {
        // ? opens the keys where the reader is; Esc closes them.
        await page.keyboard.press("?");
        await page.getByRole("dialog", { name: "Keyboard shortcuts" }).waitFor();
        await shot(page, "1280-keys");
        await page.keyboard.press("Escape");
        await page.getByRole("dialog", { name: "Keyboard shortcuts" }).waitFor({ state: "detached" });
        // Mark a passage of answer A as unsupported: select it, then u.
        await hydrated(page.getByTestId("span-layer-a"));
        const text = await dragSelect(page, '[data-testid="vote-answer-a"]', 24);
        await page.getByTestId("span-toolbar").waitFor();
        await shot(page, "1280-marking");
        await page.keyboard.press("u");
        const item = page.getByTestId("span-layer-a").getByTestId("span-item");
        await item.waitFor();
        expect(await item.getAttribute("data-label")).toBe("unsupported");
        expect(await item.textContent()).toContain(text);
        marked = { roundId, text };
        await shot(page, "1280-round");
      }
      await page.keyboard.press(verdicts[i]!);
      expect(await form.locator("input[type=radio]:checked").inputValue()).toBe(stored[i]);
      if (i === 2) {
        // c writes a reason; Enter in it sends the vote.
        await page.keyboard.press("c");
        await page.keyboard.type("Both miss the founding year.");
      }
      await page.keyboard.press("Enter");
      await page.getByTestId("vote-reveal").waitFor();
      const vote = await db.vote.findUniqueOrThrow({
        where: { roundId_voterId: { roundId, voterId: voter.id } },
        include: { round: { include: { match: { include: { agentA: true, agentB: true } } } } },
      });
      const m = vote.round.match;
      const [a, b] = vote.seatsSwapped ? [m.agentB, m.agentA] : [m.agentA, m.agentB];
      expect(await page.getByTestId("reveal-agent-a").textContent()).toBe(a.name);
      expect(await page.getByTestId("reveal-agent-b").textContent()).toBe(b.name);
      expect(await page.getByTestId("reveal-examiner-verdict").textContent()).not.toBe("");
      if (i === 2) expect(vote.reason).toBe("Both miss the founding year.");
      if (i === 0) await shot(page, "1280-reveal");
      // n (or Enter) loads the next round.
      await page.keyboard.press(i % 2 === 0 ? "n" : "Enter");
      await page.locator(`[data-testid="vote-form"]:not([data-round="${roundId}"])`).or(page.getByTestId("vote-empty")).waitFor();
    }
    expect(await db.vote.count({ where: { voterId: voter.id } })).toBe(5);

    // Her five votes take the count past the minimum: the people's board and its agreement line follow.
    const total = SEEDED + 6;
    await peopleBoard(
      board,
      web.url,
      (line, counted) =>
        /^agrees with people: ρ -?\d\.\d\d \[-?\d\.\d\d, -?\d\.\d\d\], \d+ votes$/.test(line) &&
        counted.startsWith(`${total} counted verdicts`),
    );
    await shot(board, "1280-people-after");
    // The examiner's leaderboard says the same in its header.
    await board.goto(web.url);
    expect(await board.getByTestId("people-agreement").textContent()).toContain(`agrees with people: ρ`);

    // The mark is stored in the match's seat, at the stored answer's offsets of the selected text.
    const span = await db.span.findFirstOrThrow({ where: { authorId: voter.id }, include: { round: true } });
    expect(span.roundId).toBe(marked!.roundId);
    expect(span.label).toBe("unsupported");
    const answer = span.seat === "A" ? span.round.answerA! : span.round.answerB!;
    expect(answer.slice(span.start, span.end)).toBe(marked!.text);

    // On the match page: counts per label, the reader's own mark listed and highlighted.
    await page.goto(`${web.url}/matches/${span.round.matchId}#round-${span.round.number}`);
    const layer = page.getByTestId(`round-${span.round.number}`).getByTestId(`span-layer-${span.seat.toLowerCase()}`);
    await hydrated(layer);
    expect(await layer.getByTestId("span-counts").textContent()).toContain("1 unsupported");
    const mine = layer.locator('[data-testid="span-item"][data-mine="true"]');
    expect(await mine.textContent()).toContain(marked!.text);
    await expect.poll(() => highlighted(page, "arena-span-mine")).toEqual([marked!.text]);
    await layer.scrollIntoViewIfNeeded();
    await shot(page, "1280-match-highlight");

    // A signed-in reader marks a passage on the match page too: the other answer, with a comment, in match seats.
    const other = span.seat === "A" ? "B" : "A";
    const otherLayer = page.getByTestId(`round-${span.round.number}`).getByTestId(`span-layer-${other.toLowerCase()}`);
    await hydrated(otherLayer);
    await otherLayer.scrollIntoViewIfNeeded();
    const text2 = await dragSelect(page, `[data-testid="round-${span.round.number}"] [data-testid="answer-${other.toLowerCase()}"]`, 20);
    const toolbar = otherLayer.getByTestId("span-toolbar");
    await toolbar.getByPlaceholder("Comment (optional), then a label").fill("Names both targets with their sources.");
    await toolbar.getByRole("button", { name: /Insightful/ }).click();
    const item2 = otherLayer.getByTestId("span-item");
    await item2.waitFor();
    expect(await item2.textContent()).toContain("Names both targets with their sources.");
    const span2 = await db.span.findFirstOrThrow({ where: { authorId: voter.id, label: "insightful" } });
    expect([span2.roundId, span2.seat, span2.comment]).toEqual([span.roundId, other, "Names both targets with their sources."]);
    expect((other === "A" ? span.round.answerA! : span.round.answerB!).slice(span2.start, span2.end)).toBe(text2);
    await shot(page, "1280-match-marked");

    // The marked agent's page: flagged passages per 1,000 words of its answers people read.
    const match = await db.match.findUniqueOrThrow({ where: { id: span.round.matchId } });
    await page.goto(`${web.url}/agents/${span.seat === "A" ? match.agentAId : match.agentBId}#spans`);
    const rate = page.getByTestId("agent-span-rate");
    expect(await rate.textContent()).toMatch(/^\d+\.\d\d flagged passages per 1,000 words/);
    expect(await rate.textContent()).toContain("1 unsupported");
    await rate.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/vote-1280-agent-rate.png` });

    // A visitor sees the counts and the highlight, without the toolbar or "yours".
    const visitor = await browser.newPage();
    await visitor.goto(`${web.url}/matches/${span.round.matchId}`);
    const seen2 = visitor.getByTestId(`round-${span.round.number}`).getByTestId(`span-layer-${span.seat.toLowerCase()}`);
    await hydrated(seen2);
    expect(await seen2.getByTestId("span-counts").textContent()).toContain("1 unsupported");
    expect(await seen2.locator('[data-mine="true"]').count()).toBe(0);
    await expect.poll(() => highlighted(visitor, "arena-span-unsupported")).toEqual([marked!.text]);
    await visitor.close();
    await context.close();
  }, 600_000);

  it("at 390 px the round, the verdict buttons and the reveal fit the width; an owner of every agent gets the empty state", async () => {
    await createAccount("otto@votes-journey.test", "owner", PASSWORD);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`${web.url}/signin?next=${encodeURIComponent("/vote")}`);
    await page.getByLabel("Email").fill("otto@votes-journey.test");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${web.url}/vote`);
    const form = page.getByTestId("vote-form");
    await hydrated(form);
    await noSidewaysScroll(page);
    await shot(page, "390-round");
    // Every verdict button is on screen once scrolled to, and a tap chooses it.
    for (const v of ["A_MUCH_BETTER", "B_MUCH_BETTER", "A_BETTER"]) {
      const button = form.locator(`[data-verdict="${v}"]`);
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await button.tap();
      expect(await button.locator("input").isChecked()).toBe(true);
    }
    // An unsent verdict is a draft in this browser: a reload keeps it.
    await page.reload();
    await hydrated(form);
    await expect.poll(() => form.locator('[data-verdict="A_BETTER"] input').isChecked()).toBe(true);
    await form.getByRole("button", { name: /Vote and show the agents/ }).tap();
    await page.getByTestId("vote-reveal").waitFor();
    await noSidewaysScroll(page);
    await shot(page, "390-reveal");

    // Owning every agent, no round is left for this account: the friendly empty state.
    const otto = await db.user.findUniqueOrThrow({ where: { email: "otto@votes-journey.test" } });
    await db.agent.updateMany({ data: { ownerId: otto.id } });
    await page.getByRole("button", { name: /Next round/ }).tap();
    await page.getByTestId("vote-empty").waitFor();
    await noSidewaysScroll(page);
    await shot(page, "390-empty");
    await context.close();
  }, 300_000);
});
