// The end of `npm test`'s output, from vitest's JSON report (argv[2]): the ten slowest test files
// (where a run's time goes), then one plain closing line for CI, "N passed, N failed[, N skipped]",
// which stays the last line. With --durations it instead records every file of 5 s or more in
// tests/helpers/file-durations.json, the start order of a clean clone's run (tests/helpers/sequencer.ts).
import { readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";

const report = JSON.parse(readFileSync(process.argv[2], "utf8"));
if (process.argv.includes("--durations")) {
  const path = new URL("../tests/helpers/file-durations.json", import.meta.url);
  const record = JSON.parse(readFileSync(path, "utf8"));
  const seconds = report.testResults
    .map((f) => [relative(process.cwd(), f.name), Math.round((f.endTime - f.startTime) / 1000)])
    .filter(([, s]) => s >= 5)
    .sort((a, b) => b[1] - a[1]);
  writeFileSync(path, `${JSON.stringify({ ...record, seconds: Object.fromEntries(seconds) }, null, 2)}\n`);
  console.log(`recorded ${seconds.length} files of 5 s or more in tests/helpers/file-durations.json`);
  process.exit(0);
}
const files = report.testResults
  .map((f) => ({ name: relative(process.cwd(), f.name), seconds: (f.endTime - f.startTime) / 1000 }))
  .filter((f) => Number.isFinite(f.seconds))
  .sort((a, b) => b.seconds - a.seconds);
if (files.length) {
  console.log("\nslowest test files:");
  for (const f of files.slice(0, 10)) console.log(`${f.seconds.toFixed(1).padStart(8)} s  ${f.name}`);
  const wall = (Math.max(...report.testResults.map((f) => f.endTime)) - report.startTime) / 1000;
  console.log(`${files.length} files, ${files.reduce((s, f) => s + f.seconds, 0).toFixed(0)} s of file time in ${wall.toFixed(0)} s\n`);
}
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ""}`);
