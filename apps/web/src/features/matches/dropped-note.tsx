import type { Dropped } from "@arena/core";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What the arena's per-answer caps left unread of a provider's answer (structured citations, and
 * content blocks / output items / parts), as stored with the round's trace: its References may be
 * incomplete, which a reader weighing the citations should know. Nothing when nothing was dropped.
 */
export function DroppedNote({ dropped, testId }: { dropped: Dropped | undefined; testId: string }) {
  if (!dropped || (dropped.citations === 0 && dropped.items === 0)) return null;
  const parts = [
    dropped.citations ? count(dropped.citations, "citation", "citations") : null,
    dropped.items ? count(dropped.items, "answer part", "answer parts") : null,
  ].filter((p): p is string => p !== null);
  return (
    <p
      data-testid={testId}
      className="border-t border-zinc-200 px-3 py-1.5 text-xs text-amber-800 dark:border-zinc-800 dark:text-amber-300"
    >
      Not read: {parts.join(" and ")} of the provider&apos;s answer over the arena&apos;s per-answer limits, so its References may be
      incomplete.
    </p>
  );
}
