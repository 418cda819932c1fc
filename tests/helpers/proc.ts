/**
 * Processes as Linux's /proc shows them, for the harness's leak check (worker-env.ts) and the run's
 * teardown (worker-databases.ts). Elsewhere (no /proc) these find nothing.
 */
import { readdirSync, readFileSync } from "node:fs";

/** A /proc file's text, or "" when the process or thread ended while being read (or is not ours to read). */
export function readProc(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

/**
 * Live processes (not this one) whose environment at start holds every one of `variables`
 * (`NAME=value`): children pass the test's DATABASE_URL and queue prefix on, so this finds what a
 * test started even after its parent exited.
 */
export function processesWithEnvironment(variables: string[]): number[] {
  if (!variables.length) return [];
  let all: string[];
  try {
    all = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return all.map(Number).filter((pid) => {
    if (pid === process.pid) return false;
    const environ = readProc(`/proc/${pid}/environ`).split("\0");
    return variables.every((v) => environ.includes(v));
  });
}

/**
 * The fields of a /proc `stat` file after the command name (which may hold spaces and
 * parentheses), so index 0 is field 3 (the state) of proc(5); none when it cannot be read.
 */
export function statFields(path: string): string[] {
  const stat = readProc(path);
  return stat ? stat.slice(stat.lastIndexOf(")") + 2).split(" ") : [];
}

/** The process group of `pid` (field 5 of /proc/PID/stat), or -1. */
export function processGroup(pid: number): number {
  return Number(statFields(`/proc/${pid}/stat`)[2] ?? -1);
}
