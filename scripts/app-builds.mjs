// Where the built CLI and worker live and whether a build is current (shared by scripts/build-apps.mjs,
// which writes the builds, and the apps' bin files, which run a build only while it is current).
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** Written last by a build; its mtime is the moment the build started reading sources. */
export const STAMP = "BUILD_STAMP";
/** What a build reads: the apps' and packages' sources (the Prisma client included), the lockfile and the build script. */
const INPUT_DIRS = ["apps/cli/src", "apps/worker/src", "packages"];
const INPUT_FILES = ["package-lock.json", "scripts/build-apps.mjs", "scripts/app-builds.mjs"];
const SKIP = new Set(["node_modules", "dist", "test", "bench", "prompts"]);

/** mtime (ms) of the newest build input: about 300 stats, a few milliseconds. */
export function newestInput() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIP.has(entry.name) || entry.name.startsWith(".")) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of INPUT_DIRS) walk(join(ROOT, dir));
  for (const file of INPUT_FILES) newest = Math.max(newest, statSync(join(ROOT, file)).mtimeMs);
  return newest;
}

/** True when `app` (e.g. "apps/cli") has a build no source is newer than. */
export function isCurrent(app) {
  const stamp = join(ROOT, app, "dist", STAMP);
  return existsSync(stamp) && statSync(stamp).mtimeMs >= newestInput();
}

/** The URL of the app's built entry when its build is current, else null (run the sources). */
export function currentBuild(app) {
  return isCurrent(app) ? pathToFileURL(join(ROOT, app, "dist", "main.mjs")).href : null;
}
