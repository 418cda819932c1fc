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
      <Markdown remarkPlugins={[remarkGfm, remarkUntrusted(referenceUrls(text))]} skipHtml urlTransform={safeUrl} components={components}>
        {text}
      </Markdown>
    </div>
  );
}
