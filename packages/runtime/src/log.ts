/** One JSON line per event on stderr: enough context (ids, error) to act on a failure. */
export function log(level: "info" | "warn" | "error", message: string, context: Record<string, unknown> = {}): void {
  const line = { time: new Date().toISOString(), level, message, ...context };
  process.stderr.write(`${JSON.stringify(line)}\n`);
}

export function errorContext(err: unknown): Record<string, unknown> {
  return err instanceof Error ? { error: err.message, stack: err.stack?.split("\n").slice(0, 4).join(" | ") } : { error: String(err) };
}
