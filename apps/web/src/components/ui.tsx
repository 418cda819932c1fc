import Link from "@/components/link";
import { EXAMINER_MODE_INFO, type ExaminerModeName } from "@arena/core/closed-sets";
import { pageHref, safeUrl } from "@/lib/untrusted-markdown";

/** Small presentational pieces shared by every page. */

export function PageTitle({ children, aside }: { children: React.ReactNode; aside?: React.ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
      <h1 className="text-xl font-semibold tracking-tight">{children}</h1>
      {aside}
    </div>
  );
}

export function Section({ title, children, id }: { title: string; children: React.ReactNode; id?: string }) {
  return (
    <section className="mt-8" id={id} aria-labelledby={id ? `${id}-title` : undefined}>
      <h2 id={id ? `${id}-title` : undefined} className="mb-3 text-lg font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** An empty or error state: what it means, then what to do. */
export function Empty({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-md border border-dashed border-zinc-300 p-6 text-sm dark:border-zinc-700">
      <p className="font-medium">{title}</p>
      {children ? <div className="mt-1 text-zinc-600 dark:text-zinc-400">{children}</div> : null}
    </div>
  );
}

/** Wide tables scroll sideways inside this on narrow screens instead of widening the page. */
export function TableScroll({ children }: { children: React.ReactNode }) {
  // Focusable, so a keyboard can scroll it sideways (axe: scrollable-region-focusable).
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0" tabIndex={0}>
      {children}
    </div>
  );
}

export const th = "px-2 py-1.5 text-left text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400 whitespace-nowrap";
export const thNum = `${th} text-right`;
export const td = "px-2 py-1.5 align-top";
export const tdNum = "px-2 py-1.5 num whitespace-nowrap align-top";
export const row = "border-t border-zinc-100 dark:border-zinc-800";
export const link = "text-sky-700 hover:underline dark:text-sky-400";

export function Code({ children }: { children: React.ReactNode }) {
  return <code className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.85em] dark:bg-zinc-800">{children}</code>;
}

const GOOD = "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200";
const WAITING = "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300";
const BAD = "bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200";
const OFF = "bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-400";

/** Job states (matches, rounds, tournaments) and agent health share one palette. */
const STATUS_COLORS: Record<string, string> = {
  running: "bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200",
  paused: "bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200",
  queued: WAITING,
  draft: WAITING,
  pending: WAITING,
  completed: GOOD,
  healthy: GOOD,
  failed: BAD,
  unhealthy: BAD,
  failing: BAD,
  cancelled: OFF,
  disabled: OFF,
};

export function StatusBadge({ status }: { status: string }) {
  return <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_COLORS[status] ?? WAITING}`}>{status}</span>;
}

/** Loud on purpose: heuristic numbers must never be mistaken for the paper's LLM-judged method. */
/**
 * Over results judged by a stand-in examiner mode (EXAMINER_MODE_INFO's standIn): what judged
 * them and that it is not the method. Nothing for the method itself. (The test id predates
 * other stand-ins; browser tests find the banner by it.)
 */
export function StandInBanner({ mode, name }: { mode: ExaminerModeName; name: string }) {
  const standIn = EXAMINER_MODE_INFO[mode].standIn;
  if (!standIn) return null;
  return (
    <div
      role="note"
      data-testid="heuristic-banner"
      className="mb-4 rounded-md border-2 border-amber-500 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <strong>{standIn.title}</strong> These results were judged by <Code>{name}</Code>, {standIn.does}. It is not the LLM examiner of the
      DR-Arena method; treat the numbers as a smoke test of the pipeline, not as a ranking of research quality.{" "}
      <Link href="/about#examiners" className="underline">
        Why?
      </Link>
    </div>
  );
}

/**
 * A link to a page outside the arena (tree pages, checklist sources). Those URLs come from crawls
 * and imported files, so anything but http(s)/mailto renders as plain text. A page of the offline
 * world, which no browser can reach, opens its stored text in the app instead (pageHref).
 */
export function ExternalLink({ href, children, className }: { href: string; children: React.ReactNode; className?: string }) {
  if (!safeUrl(href) || href.startsWith("#")) return <span className={className ?? "break-all"}>{children}</span>;
  const stored = pageHref(href);
  if (stored !== href) {
    return (
      <Link href={stored} title={`${href} (stored page)`} className={className ?? `${link} break-all underline`}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className={className ?? `${link} break-all underline`}>
      {children}
    </a>
  );
}
