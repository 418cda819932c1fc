import { networkInterfaces } from "node:os";
import { z } from "zod";

/**
 * Which origins may post to this server (sign-in, sign-up, our own state-changing routes) and
 * which base URL better-auth builds its links from. Pure, apart from reading the machine's
 * interface addresses for a wildcard bind.
 *
 * - A public URL configured (`BETTER_AUTH_URL` or `ARENA_PUBLIC_URL`): that origin, plus
 *   `ARENA_TRUSTED_ORIGINS`.
 * - Otherwise the address the server listens on, as `arena web` / `arena demo` print it: a
 *   loopback address trusts 127.0.0.1, localhost and [::1] on its port (the browser may be
 *   pointed at any of them); a wildcard address (0.0.0.0, ::) also this machine's interface
 *   addresses; any other address itself. Plus `ARENA_TRUSTED_ORIGINS`.
 * The Host header alone never makes an origin trusted (a DNS-rebinding page would send its own
 * host), so a request under another name gets the printed address as its base URL and its posts
 * are refused.
 */

/** Where server/main.mjs listens; it publishes this under the symbol below before Next starts. */
export const listenAddressSchema = z.object({ hostname: z.string().min(1), port: z.number().int().min(1).max(65_535) });
export type ListenAddress = z.infer<typeof listenAddressSchema>;
export const LISTEN_SYMBOL = Symbol.for("arena.web.listen");

/** The address server/main.mjs listens on, or null when the app runs some other way (`next dev`). */
export function listenAddress(): ListenAddress | null {
  const parsed = listenAddressSchema.safeParse(Reflect.get(globalThis, LISTEN_SYMBOL));
  return parsed.success ? parsed.data : null;
}

/** better-auth's dynamic base URL: resolved per request from the Host header among `allowedHosts`, else `fallback`. */
export interface DynamicBaseUrl {
  allowedHosts: string[];
  protocol: "http";
  fallback: string;
}

export interface OriginPolicy {
  /** better-auth's `baseURL`: the public URL, the listen address's hosts, or undefined (better-auth's own default). */
  baseURL: string | DynamicBaseUrl | undefined;
  /** Origins allowed to make state-changing requests, this server's own included. */
  trusted: string[];
}

const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"];

const bracket = (host: string) => (host.includes(":") && !host.startsWith("[") ? `[${host}]` : host);

export function isLoopback(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

const isWildcard = (hostname: string) => ["0.0.0.0", "::", "[::]"].includes(hostname);

/** This machine's interface addresses (IPv4 and IPv6, link-local left out: browsers need a zone for those). */
export function interfaceAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((i) => !(i.family === "IPv6" && i.address.toLowerCase().startsWith("fe80:")))
    .map((i) => i.address);
}

/** host:port entries a browser may address this server by, the printed one first. */
export function listenHosts(listen: ListenAddress, interfaces: () => string[] = interfaceAddresses): string[] {
  const printed = bracket(listen.hostname);
  const names = isLoopback(listen.hostname)
    ? [printed, ...LOOPBACK_NAMES]
    : isWildcard(listen.hostname)
      ? [printed, ...LOOPBACK_NAMES, ...interfaces().map(bracket)]
      : [printed];
  return [...new Set(names.map((n) => `${n.toLowerCase()}:${listen.port}`))];
}

export function originPolicy(input: {
  publicUrl: string | undefined;
  trustedOrigins: string[];
  listen: ListenAddress | null;
  interfaces?: () => string[];
}): OriginPolicy {
  const extra = input.trustedOrigins.map((o) => (URL.canParse(o) ? new URL(o).origin : o));
  if (input.publicUrl) return { baseURL: input.publicUrl, trusted: [...new Set([new URL(input.publicUrl).origin, ...extra])] };
  if (!input.listen) return { baseURL: undefined, trusted: extra };
  const hosts = listenHosts(input.listen, input.interfaces);
  return {
    baseURL: { allowedHosts: hosts, protocol: "http", fallback: `http://${hosts[0]}` },
    trusted: [...new Set([...hosts.map((h) => `http://${h}`), ...extra])],
  };
}
