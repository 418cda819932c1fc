/**
 * The order test files start in: longest expected first, unit and integration files in one queue
 * (longest-processing-time-first scheduling). With two workers a run ends when the last file
 * does; a 110 s file that starts last keeps one worker busy for 110 s after the other has run out
 * of files, while short files started last fill the gaps. Vitest's own order would put every
 * integration file before every unit file and, on a clean clone (no results cache), the largest
 * file first, which is not the slowest one.
 *
 * A file's expected seconds: what it took in the last run on this machine (`var/vitest-report.json`,
 * written by `npm test`), else the committed record `file-durations.json` (refreshed from a full
 * run: `node scripts/test-report.mjs var/vitest-report.json --durations`), else a guess from its
 * kind: an integration file 10 s, a unit file 1 s, the larger file first among equals.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const RECORDED: Record<string, number> = JSON.parse(readFileSync(new URL("./file-durations.json", import.meta.url), "utf8")).seconds;

/** Seconds per file (path relative to the repository) from a vitest JSON report, or none. */
export function durationsOfReport(path: string, root: string): Record<string, number> {
  if (!existsSync(path)) return {};
  try {
    const report = JSON.parse(readFileSync(path, "utf8")) as {
      testResults: { name: string; startTime: number; endTime: number; status: string }[];
    };
    const out: Record<string, number> = {};
    for (const f of report.testResults) {
      const seconds = (f.endTime - f.startTime) / 1000;
      if (Number.isFinite(seconds) && seconds > 0) out[relative(root, f.name)] = seconds;
    }
    return out;
  } catch {
    return {}; // a report cut short by a killed run: the record decides
  }
}

/** The expected seconds of `file` (relative path): measured, recorded, or guessed from its kind. */
export function expectedSeconds(file: string, measured: Record<string, number>): number {
  return measured[file] ?? RECORDED[file] ?? (file.endsWith(".int.test.ts") ? 10 : 1);
}

export class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const measured = durationsOfReport(join(root, "var/vitest-report.json"), root);
    const keyed = files.map((spec) => {
      const file = relative(root, spec.moduleId);
      return { spec, seconds: expectedSeconds(file, measured), size: statSync(spec.moduleId).size };
    });
    return keyed.sort((a, b) => b.seconds - a.seconds || b.size - a.size).map((k) => k.spec);
  }
}
