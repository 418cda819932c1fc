import type { ReactElement } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { answerParts, pageHref, plainTextReason, remarkUntrusted, safeUrl, type AnswerParts } from "../lib/untrusted-markdown";

const EXTERNAL = { rel: "noopener noreferrer nofollow ugc", target: "_blank" } as const;
const LINK = "text-sky-700 underline dark:text-sky-400";

/**
 * A link an answer makes: to the web in a new tab, marked untrusted; a page of the offline world
 * opens its stored text in the app (the URL itself is still what the answer shows).
 */
function AnswerLink({ href, children }: { href: string; children: React.ReactNode }) {
  if (href.startsWith("#"))
    return (
      <a href={href} className={LINK}>
        {children}
      </a>
    );
  const target = pageHref(href);
  if (target !== href)
    return (
      <a href={target} title={href} className={LINK}>
        {children}
      </a>
    );
  return (
    <a href={href} {...EXTERNAL} className={LINK}>
      {children}
    </a>
  );
}

/**
 * Links open elsewhere without the page's context; a neutralised URL (javascript:, data:, …)
 * renders as its text. Images are never loaded (tracking pixels, huge files): they become links.
 */
const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <AnswerLink href={href}>{children}</AnswerLink>
    ) : (
      <span title="link removed: only http, https and mailto links are kept">{children}</span>
    ),
  img: ({ src, alt }) => {
    const label = `[image${alt ? `: ${alt}` : ""}]`;
    return typeof src === "string" && src ? <AnswerLink href={src}>{label}</AnswerLink> : <span>{label}</span>;
  },
};

/**
 * The References section as a list, one entry per line as core's citation parser reads it (the
 * entries the citation counts and the scorers use): its number, its title when it has one, and
 * its URL, linked when safe.
 */
function References({ entries }: { entries: AnswerParts["entries"] }) {
  return (
    <section aria-label="References" className="mt-3 border-t border-zinc-200 pt-2 dark:border-zinc-800">
      <h5 className="text-xs font-semibold uppercase tracking-wide text-zinc-500">References</h5>
      <ol className="mt-1 space-y-1 text-sm" data-testid="references">
        {entries.map((e, i) => (
          <li key={i} className="flex gap-2">
            <span className="shrink-0 tabular-nums text-zinc-500">[{e.n}]</span>
            <span className="min-w-0 break-words">
              {e.url && safeUrl(e.url) ? (
                <>
                  {e.title ? <span>{e.title} </span> : null}
                  <AnswerLink href={e.url}>
                    <span className="break-all">{e.url}</span>
                  </AnswerLink>
                </>
              ) : (
                <span>{e.title ?? e.text}</span>
              )}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * An agent's answer: GFM Markdown without raw HTML (shown as text), an http/https/mailto link
 * allow-list, clickable `[n]` citations, its References as a list, and plain text when the answer
 * is too large or too deeply nested to parse safely (limits in lib/untrusted-markdown).
 */
export function UntrustedMarkdown({ text, testId }: { text: string; testId?: string }) {
  const reason = plainTextReason(text);
  if (reason) {
    return (
      <div data-testid={testId}>
        <p className="mb-2 text-xs text-amber-700 dark:text-amber-400">Shown as plain text: the answer is {reason}.</p>
        <pre className="whitespace-pre-wrap break-words font-sans text-sm">{text}</pre>
      </div>
    );
  }
  return <div data-testid={testId}>{rendered(text)}</div>;
}

/** Inline pieces only: a statement quoted from an answer stays one line of text, not blocks. */
const inlineComponents: Components = {
  ...components,
  p: ({ children }) => <>{children}</>,
  h1: ({ children }) => <strong>{children}</strong>,
  h2: ({ children }) => <strong>{children}</strong>,
  h3: ({ children }) => <strong>{children}</strong>,
  h4: ({ children }) => <strong>{children}</strong>,
  ul: ({ children }) => <>{children}</>,
  ol: ({ children }) => <>{children}</>,
  li: ({ children }) => <> • {children}</>,
};

/**
 * A short excerpt of an answer (a cited statement) rendered as the answer is — bold, italics,
 * code, links under the same allow-list, no raw HTML — but inline, so it reads as one sentence.
 */
export function InlineMarkdown({ text }: { text: string }) {
  return (
    <span className="markdown-inline">
      <Markdown remarkPlugins={[remarkGfm]} skipHtml urlTransform={safeUrl} components={inlineComponents}>
        {text}
      </Markdown>
    </span>
  );
}

/**
 * Parsed answers, kept per server process: stored answers never change, a match page shows up to
 * twenty of them, and parsing is most of the page's cost. React elements are immutable, so one
 * tree serves every request. Bounded by entries and characters; the oldest entry goes first.
 */
const CACHE_ENTRIES = 2_000;
const CACHE_CHARS = 20_000_000;
const cache = new Map<string, ReactElement>();
let cachedChars = 0;

function rendered(text: string): ReactElement {
  const hit = cache.get(text);
  if (hit) return hit;
  // Markdown is a plain function component without hooks: calling it yields its element tree.
  const parts = answerParts(text);
  const body = Markdown({
    children: parts.body,
    remarkPlugins: [remarkGfm, remarkUntrusted(parts.refs)],
    skipHtml: true,
    urlTransform: safeUrl,
    components,
  });
  const tree = (
    <>
      <div className="markdown break-words text-sm">{body}</div>
      {parts.entries.length ? <References entries={parts.entries} /> : null}
    </>
  );
  cache.set(text, tree);
  cachedChars += text.length;
  for (const [key] of cache) {
    if (cache.size <= CACHE_ENTRIES && cachedChars <= CACHE_CHARS) break;
    cache.delete(key);
    cachedChars -= key.length;
  }
  return tree;
}
