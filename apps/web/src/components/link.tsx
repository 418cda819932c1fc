import NextLink from "next/link";
import type { ComponentProps } from "react";

/**
 * The app's link: Next's Link without prefetching. Every page here is rendered per request
 * (rankings, matches and sessions change while people read), and Next's prefetch of a dynamic
 * route with no loading boundary fetches only its layouts: it saved a click nothing while costing
 * the server a request per link in view (1,761 prefetches against 192 page loads over six browser
 * test files). A click renders the page once, as a plain request would. A link that wants
 * prefetching passes `prefetch` itself.
 */
export default function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
