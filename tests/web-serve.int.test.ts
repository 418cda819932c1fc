process.env.ARENA_QUEUE_PREFIX = `web-serve-${process.pid}`;
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { freshDb, REPO_ROOT } from "./helpers/arena";
import { flushRedis } from "./tournament-fixtures";
import { ensureBuild, freePort } from "./web/server";

/** Runs `arena <args>` until `ready` matches its output; returns the match and a way to wait for the exit. */
function arena(args: string[], ready: RegExp) {
  const child = spawn(process.execPath, ["apps/cli/bin/arena.mjs", ...args], { cwd: REPO_ROOT, env: process.env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const matched = new Promise<RegExpMatchArray>((resolve, reject) => {
    const scan = (chunk: Buffer) => {
      output += chunk.toString();
      const m = output.match(ready);
      if (m) resolve(m);
    };
    child.stdout.on("data", scan);
    child.stderr.on("data", scan);
    void exited.then((code) => reject(new Error(`arena ${args.join(" ")} exited with ${code} before ${ready}:\n${output}`)));
  });
  return { child, matched, exited, output: () => output };
}

/** The README's serving paths: `arena web` and `arena demo` put the production build on the given port. */
describe("serving the web app", () => {
  let db: PrismaClient;
  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    await ensureBuild();
  });
  afterAll(async () => {
    await flushRedis();
    await db.$disconnect();
  });

  it("arena web serves the build until it is stopped", async () => {
    const port = await freePort();
    const web = arena(["web", "--port", String(port)], /DR Arena web app: (http:\/\/\S+)/);
    const [, url] = await web.matched;
    expect(url).toBe(`http://127.0.0.1:${port}`);
    const res = await fetch(`${url}/about`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("DR Arena");
    web.child.kill("SIGTERM");
    expect(await web.exited).toBe(0);
  });

  it("arena demo prints the URL of the live arena and serves the tournament it plays", async () => {
    const port = await freePort();
    const demo = arena(
      ["demo", "--hubs", "2", "--entities", "6", "--latency-ms", "50", "--port", String(port), "--exit-when-done"],
      /the arena is live at (http:\/\/\S+) \(tournament: (http:\/\/\S+)\)/,
    );
    const [, url, tournamentUrl] = await demo.matched;
    expect(url).toBe(`http://127.0.0.1:${port}`);
    const page = await fetch(tournamentUrl!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("demo");
    expect(await demo.exited, demo.output()).toBe(0);
    const t = await db.tournament.findFirstOrThrow({ where: { name: "demo" } });
    expect(t.status).toBe("completed");
  });
});
