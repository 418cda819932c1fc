import type { RoundView } from "@arena/match/read";
import { ExternalLink, link } from "@/components/ui";
import { DroppedNote } from "./dropped-note";

type Trace = NonNullable<RoundView["a"]["trace"]>;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const http = (url: string) => /^https?:\/\//i.test(url);

/** A URL from an agent's trace: a link when it is http(s), plain text otherwise (traces are untrusted). */
function Url({ url }: { url: string }) {
  return http(url) ? (
    <ExternalLink href={url} className={`${link} break-all`}>
      {url}
    </ExternalLink>
  ) : (
    <span className="break-all">{url}</span>
  );
}

function Step({ step }: { step: Trace["steps"][number] }) {
  switch (step.type) {
    case "search":
      return (
        <>
          <span className="font-medium">search</span> <q className="break-words">{step.query || "(no query given)"}</q>
          {step.urls?.length ? (
            <ul className="ml-4 list-disc">
              {step.urls.map((u, i) => (
                <li key={i}>
                  <Url url={u} />
                </li>
              ))}
            </ul>
          ) : null}
        </>
      );
    case "open_page":
      return (
        <>
          <span className="font-medium">opened</span> {step.title ? <span>{step.title} · </span> : null}
          <Url url={step.url} />
        </>
      );
    case "tool_call":
      return (
        <>
          <span className="font-medium">{step.name}</span>
          {step.input ? (
            <pre className="mt-0.5 whitespace-pre-wrap break-words rounded bg-zinc-50 px-1.5 py-1 text-xs dark:bg-zinc-900">
              {step.input}
            </pre>
          ) : null}
          {step.output ? (
            <pre className="mt-0.5 whitespace-pre-wrap break-words rounded bg-zinc-50 px-1.5 py-1 text-xs text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
              → {step.output}
            </pre>
          ) : null}
        </>
      );
  }
}

/**
 * The steps an agent reported for its answer (searches, pages opened, tool calls), collapsed by
 * default, under what the per-answer caps left unread of it (DroppedNote). Shown to readers
 * only: the judge never sees traces. Text is rendered as text.
 */
export function ResearchTrace({ trace, testId }: { trace: Trace | null; testId: string }) {
  const dropped = <DroppedNote dropped={trace?.dropped} testId={`${testId}-dropped`} />;
  if (!trace || (trace.steps.length === 0 && trace.omitted === 0)) return dropped;
  const searches = trace.steps.filter((s) => s.type === "search").length;
  const pages = trace.steps.filter((s) => s.type === "open_page").length;
  return (
    <>
      {dropped}
      <details data-testid={testId} className="border-t border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800">
        <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">
          Research trace: {count(trace.steps.length + trace.omitted, "step", "steps")} ({count(searches, "search", "searches")},{" "}
          {count(pages, "page", "pages")} opened
          {trace.omitted ? `, ${trace.omitted} not kept` : ""})
        </summary>
        <ol className="mt-2 list-decimal space-y-1.5 pl-5">
          {trace.steps.map((s, i) => (
            <li key={i}>
              <Step step={s} />
            </li>
          ))}
        </ol>
        {trace.omitted ? (
          <p className="mt-1 text-xs text-zinc-500">{trace.omitted} further steps were over the stored size limit.</p>
        ) : null}
      </details>
    </>
  );
}
