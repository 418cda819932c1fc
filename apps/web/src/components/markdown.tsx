import type { ReactElement } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { plainTextReason, referenceUrls, remarkUntrusted, safeUrl } from "../lib/untrusted-markdown";

const EXTERNAL = { rel: "noopener noreferrer nofollow ugc", target: "_blank" } as const;

/**
 * Links open elsewhere without the page's context; a neutralised URL (javascript:, data:, …)
 * renders as its text. Images are never loaded (tracking pixels, huge files): they become links.
 */
const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} {...(href.startsWith("#") ? {} : EXTERNAL)} className="text-sky-700 underline dark:text-sky-400">
        {children}
      </a>
    ) : (
      <span title="link removed: only http, https and mailto links are kept">{children}</span>
    ),
  img: ({ src, alt }) => {
    const label = `[image${alt ? `: ${alt}` : ""}]`;
    return typeof src === "string" && src ? (
      <a href={src} {...EXTERNAL} className="text-sky-700 underline dark:text-sky-400">
        {label}
      </a>
    ) : (
      <span>{label}</span>
    );
  },
};

/**
 * An agent's answer: GFM Markdown without raw HTML (shown as text), an http/https/mailto link
 * allow-list, clickable `[n]` citations, and plain text when the answer is too large or too deeply
 * nested to parse safely (limits in lib/untrusted-markdown).
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
  return (
    <div data-testid={testId} className="markdown break-words text-sm">
      {rendered(text)}
    </div>
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
  const tree = Markdown({ children: text, remarkPlugins: [remarkGfm, remarkUntrusted(referenceUrls(text))], skipHtml: true, urlTransform: safeUrl, components });
  cache.set(text, tree);
  cachedChars += text.length;
  for (const [key] of cache) {
    if (cache.size <= CACHE_ENTRIES && cachedChars <= CACHE_CHARS) break;
    cache.delete(key);
    cachedChars -= key.length;
  }
  return tree;
}
