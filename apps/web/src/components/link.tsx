import NextLink from "next/link";
import type { ComponentProps } from "react";

/**
 * The app's link: Next's Link without prefetching. Every page here is rendered per request
 * (rankings, matches and sessions change while people read), and a dynamic route with no
 * loading boundary prefetches only its layouts, so a prefetch saved a click nothing while costing
 * the server a render per link in view: a page of matches asked for dozens on every visit, and
 * again after each live refresh (about nine server requests per page view in the browser tests).
 * A click renders the page once, as a plain request would. A link that wants prefetching passes
 * `prefetch` itself.
 */
export default function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
