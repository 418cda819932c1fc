#!/usr/bin/env node
// The arena worker process. Runs the build (apps/worker/dist, made by `npm run build`) while no
// source is newer than it; otherwise the TypeScript sources through tsx, as in development.
import { currentBuild } from "../../../scripts/app-builds.mjs";

const built = currentBuild("apps/worker");
if (built) {
  await import(built);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import("../src/main.ts");
}
