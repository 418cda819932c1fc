import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { APPENDIX_D, node } from "../packages/core/test/fixtures";

/** End-to-end: the real `arena` binary, as other tools call it. */
const REPO = fileURLToPath(new URL("../", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "arena-core-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function arena(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return promisify(execFile)("node", ["apps/cli/bin/arena.mjs", ...args], { cwd: REPO, maxBuffer: 1 << 24 });
}

const TIMEOUT = 120_000;

describe("arena replay", () => {
  it(
    "replays the Appendix D walkthrough as JSON lines",
    async () => {
      const tree = node({
        title: "Handheld game console",
        children: ["TurboExpress", "Sega Nomad", "Game Boy", "Atari Lynx", "Game Gear", "Game Boy Pocket"].map((title) => ({ title })),
      });
      writeFileSync(join(dir, "tree.json"), JSON.stringify(tree));
      writeFileSync(join(dir, "verdicts.jsonl"), `${APPENDIX_D.map((x) => JSON.stringify(x)).join("\n")}\n`);
      const { stdout, stderr } = await arena(
        "replay",
        "--tree",
        join(dir, "tree.json"),
        "--verdicts",
        join(dir, "verdicts.jsonl"),
        "--seed",
        "3",
        "--json",
      );
      const rounds = stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(rounds.map((r) => Object.keys(r))).toEqual(
        Array(5).fill(["round", "depth", "width", "path", "verdict", "score_a", "score_b", "action", "stop"]),
      );
      expect(rounds.map((r) => r.width)).toEqual([2, 3, 4, 5, 6]);
      expect(rounds.map((r) => r.depth)).toEqual([2, 2, 2, 2, 2]);
      expect(rounds.at(-1)).toMatchObject({ round: 5, score_a: 2, score_b: 5, action: null, stop: "mercy_rule" });
      expect(rounds[0].path[0]).toBe("https://t.example/root");
      expect(stderr).toMatch(/round 1: depth expansion of https:\/\/t\.example\/root\/\d not possible in a replay/);
    },
    TIMEOUT,
  );

  it(
    "rejects a bad verdict line with its line number",
    async () => {
      writeFileSync(
        join(dir, "bad.jsonl"),
        '{"verdict":"[[A_BETTER]]","tie_quality":"N/A","loser_failure_type":"NONE"}\n{"verdict":"[[Tie]]","tie_quality":"MEDIUM","loser_failure_type":"NONE"}\n',
      );
      writeFileSync(join(dir, "t2.json"), JSON.stringify(node({ title: "R", children: [{ title: "A" }, { title: "B" }] })));
      await expect(arena("replay", "--tree", join(dir, "t2.json"), "--verdicts", join(dir, "bad.jsonl"))).rejects.toMatchObject({
        stderr: expect.stringMatching(/bad\.jsonl:2: invalid verdict: tie_quality: tie_quality must be HIGH, LOW or N\/A/),
      });
    },
    TIMEOUT,
  );
});

describe("arena ratings", () => {
  it(
    "rates the Wikipedia example, reporting and skipping bad lines",
    async () => {
      const wins: [string, string, number][] = [
        ["A", "B", 2],
        ["B", "A", 3],
        ["A", "D", 1],
        ["D", "A", 4],
        ["B", "C", 5],
        ["C", "B", 3],
        ["C", "D", 1],
        ["D", "C", 3],
      ];
      const lines = wins.flatMap(([w, l, n]) => Array(n).fill(JSON.stringify({ model_a: l, model_b: w, winner: "model_b" })));
      lines.splice(
        3,
        0,
        "{not json",
        JSON.stringify({ model_a: "A", model_b: "B", winner: "draw" }),
        "",
        JSON.stringify({ model_a: "A", model_b: "A", winner: "tie" }),
      );
      writeFileSync(join(dir, "battles.jsonl"), `${lines.join("\n")}\n`);
      const { stdout, stderr } = await arena("ratings", "--input", join(dir, "battles.jsonl"), "--ci", "sandwich", "--json");
      expect(stderr).toMatch(/battles\.jsonl:4: not valid JSON/);
      expect(stderr).toMatch(/battles\.jsonl:5: winner: /);
      expect(stderr).toMatch(/battles\.jsonl:7: self-play \(A\)/);
      expect(stderr).toMatch(/skipped 3 bad lines/);
      const out = JSON.parse(stdout);
      expect(Object.keys(out)).toEqual(["ratings"]);
      expect(out.ratings.map((r: { model: string }) => r.model)).toEqual(["D", "B", "C", "A"]);
      // rating_flag beside rating says how far the number can be read (core describeRating); every agent here won and lost.
      expect(Object.keys(out.ratings[0])).toEqual([
        "model",
        "rating",
        "rating_flag",
        "lower",
        "upper",
        "rank",
        "games",
        "wins",
        "losses",
        "ties",
      ]);
      for (const r of out.ratings) expect(["ok", "wide"]).toContain(r.rating_flag);
      expect(out.ratings[0]).toMatchObject({ games: 9, wins: 7, losses: 2, ties: 0 });
      // D vs A: strengths 2.270 / 0.640 → 400·log10 ratio rating points apart
      expect(out.ratings[0].rating - out.ratings[3].rating).toBeCloseTo(400 * Math.log10(2.27 / 0.64), 0);
    },
    TIMEOUT,
  );

  it(
    "words an unbeaten agent by its bound in the table and flags it in --json",
    async () => {
      const battle = (a: string, b: string) => JSON.stringify({ model_a: a, model_b: b, winner: "model_a" });
      writeFileSync(
        join(dir, "unbeaten.jsonl"),
        `${[battle("x", "y"), battle("x", "z"), battle("x", "y"), battle("y", "z"), battle("z", "y")].join("\n")}\n`,
      );
      const json = JSON.parse((await arena("ratings", "--input", join(dir, "unbeaten.jsonl"), "--seed", "1", "--json")).stdout);
      const x = json.ratings.find((r: { model: string }) => r.model === "x");
      expect(x.rating_flag).toBe("unbeaten");
      const { stdout } = await arena("ratings", "--input", join(dir, "unbeaten.jsonl"), "--seed", "1");
      const line = stdout.split("\n").find((l) => /\bx\b/.test(l) && !l.startsWith("rank"))!;
      expect(line).toMatch(/unbeaten, ≥ -?\d+/);
      expect(line).not.toContain(String(Math.round(x.rating)));
      expect(stdout).toContain("Ratings are relative");
    },
    TIMEOUT,
  );
});
