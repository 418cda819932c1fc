import { arenaEnv } from "@arena/env";
import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { NetError } from "./errors";

/**
 * Address guard (docs/method.md §2): outbound requests may reach public addresses only, unless an operator
 * allow-lists the host. Refused: private, loopback, link-local, cloud metadata, unspecified,
 * CGNAT, multicast, broadcast and reserved ranges, the IPv6 forms that embed such an IPv4
 * address (IPv4-mapped, IPv4-translated, NAT64), the deprecated IPv4-compatible block `::/96`
 * (`[::7f00:1]` reaches 127.0.0.1 on some stacks), and any scheme other than http(s).
 *
 * Allow-lists are per purpose (an agent must not reach what the examiner or the crawler may):
 * - crawl (also the sandbox): ARENA_ALLOW_HOSTS plus the caller's entries;
 * - examiner: ARENA_EXAMINER_ALLOW_HOSTS plus the caller's entries (its configured endpoint);
 * - agent: ARENA_AGENT_ALLOW_HOSTS, ARENA_ALLOW_HOSTS and the caller's entries, limited to the
 *   agent's own origin (`allowOrigin`): an agent's redirect to another allow-listed host is refused;
 * - search (a topic source's search provider): ARENA_SEARCH_ALLOW_HOSTS plus the caller's entries,
 *   limited to the provider's endpoint origin: a local search engine is reachable for its queries
 *   without being open to the crawler (a feed item or a search result naming it).
 */

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** A parsed allow-list; build it with `resolveAllowList()`. */
export interface AllowList {
  hosts: Set<string>;
  hostPorts: Set<string>;
  cidrs: Cidr[];
  /** `host:port` the entries are limited to; any other destination gets no exception. Null: all. */
  origin: string | null;
}

export type AllowPurpose = "crawl" | "examiner" | "agent" | "search";

/** Who is calling and where it may go besides public addresses. */
export interface AllowSpec {
  /** Entries on top of the purpose's environment variables (e.g. the AllowedHost table). */
  allow?: readonly string[];
  /** Decides which environment variables apply (see module comment). Default "crawl". */
  purpose?: AllowPurpose;
  /** The only origin (URL) the entries open; agents pass their own endpoint. */
  allowOrigin?: string;
}

type AllowVariable = "ARENA_ALLOW_HOSTS" | "ARENA_EXAMINER_ALLOW_HOSTS" | "ARENA_AGENT_ALLOW_HOSTS" | "ARENA_SEARCH_ALLOW_HOSTS";
const PURPOSE_ENV: Record<AllowPurpose, readonly AllowVariable[]> = {
  crawl: ["ARENA_ALLOW_HOSTS"],
  examiner: ["ARENA_EXAMINER_ALLOW_HOSTS"],
  agent: ["ARENA_AGENT_ALLOW_HOSTS", "ARENA_ALLOW_HOSTS"],
  search: ["ARENA_SEARCH_ALLOW_HOSTS"],
};

const NOTHING_ALLOWED: AllowList = { hosts: new Set(), hostPorts: new Set(), cidrs: [], origin: null };
/** IPv4-compatible IPv6 addresses (deprecated); `::` and `::1` in it have ranges of their own. */
const V4_COMPATIBLE = ipaddr.parseCIDR("::/96");

const METADATA_HOSTS = new Set(["metadata.google.internal", "metadata.goog", "metadata"]);
const METADATA_IPS = new Set(["169.254.169.254", "fd00:ec2::254", "100.100.100.200"]);

const REFUSED_V4 = new Set(["unspecified", "broadcast", "multicast", "linkLocal", "loopback", "carrierGradeNat", "private", "reserved"]);
// Site-local (deprecated, still routed internally on some networks) and tunnels that embed an IPv4 address elsewhere than the low 32 bits.
const REFUSED_V6 = new Set([
  "unspecified",
  "linkLocal",
  "multicast",
  "loopback",
  "uniqueLocal",
  "reserved",
  "deprecatedSiteLocal",
  "6to4",
  "teredo",
]);
/** IPv6 ranges whose low 32 bits are an IPv4 address that decides the verdict. */
const EMBEDS_V4 = new Set(["ipv4Mapped", "rfc6145", "rfc6052"]);

function stripBrackets(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

/** Parses an address; IPv6 forms embedding IPv4 come back as the embedded IPv4 address. */
function parseAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const addr = ipaddr.parse(stripBrackets(ip));
  if (addr.kind() === "ipv6" && EMBEDS_V4.has(addr.range())) {
    const bytes = addr.toByteArray().slice(12);
    return ipaddr.fromByteArray(bytes);
  }
  return addr;
}

/** Names the refused range an address falls in, or null for a public address. */
export function refusedRange(ip: string): string | null {
  const addr = parseAddress(ip);
  if (METADATA_IPS.has(addr.toString())) return "metadata";
  const range = addr.range();
  if (addr.kind() === "ipv4") return REFUSED_V4.has(range) ? range : null;
  if (REFUSED_V6.has(range)) return range;
  return addr.match(V4_COMPATIBLE) ? "ipv4Compatible" : null;
}

/**
 * Parses allow-list entries: hostnames (exact, case-insensitive), IP addresses, CIDRs, and
 * `host:port` / `[v6]:port` pairs that allow only that port. Unparseable entries are ignored,
 * so one typo in ARENA_ALLOW_HOSTS does not open or close anything else.
 */
function allowList(entries: readonly string[], origin: string | null): AllowList {
  const list: AllowList = { hosts: new Set(), hostPorts: new Set(), cidrs: [], origin };
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry.includes("/")) {
      try {
        list.cidrs.push(ipaddr.parseCIDR(entry));
      } catch {
        /* not a CIDR: ignored, see doc comment */
      }
    } else if (ipaddr.isValid(stripBrackets(entry))) {
      const addr = parseAddress(entry);
      list.cidrs.push([addr, addr.kind() === "ipv4" ? 32 : 128]);
    } else {
      const port = /^(.+):(\d{1,5})$/.exec(entry);
      if (port) list.hostPorts.add(`${stripBrackets(port[1]!)}:${Number(port[2])}`);
      else list.hosts.add(entry);
    }
  }
  return list;
}

/** The entries of a purpose's environment variables (each comma-separated). */
function envAllowEntries(purpose: AllowPurpose): string[] {
  const env = arenaEnv();
  return PURPOSE_ENV[purpose].flatMap((name) => env[name]);
}

/** `host:port` of a URL as vetHost sees a destination. */
function originKey(url: string): string {
  const u = parseHttpUrl(url);
  return `${stripBrackets(u.hostname.toLowerCase())}:${defaultPort(u)}`;
}

/** A purpose's environment allow-list merged with the caller's entries, limited to `allowOrigin` when given. */
export function resolveAllowList(spec: AllowSpec = {}): AllowList {
  const purpose = spec.purpose ?? "crawl";
  return allowList([...envAllowEntries(purpose), ...(spec.allow ?? [])], spec.allowOrigin ? originKey(spec.allowOrigin) : null);
}

function addressAllowed(list: AllowList, ip: string): boolean {
  const addr = parseAddress(ip);
  return list.cidrs.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net, bits));
}

function hostAllowed(list: AllowList, host: string, port: number): boolean {
  const h = stripBrackets(host.toLowerCase());
  return list.hosts.has(h) || list.hostPorts.has(`${h}:${port}`);
}

/** Resolves every address of a host (IP literals resolve to themselves). */
async function resolveAll(host: string, url: string): Promise<string[]> {
  const bare = stripBrackets(host);
  if (ipaddr.isValid(bare)) return [bare];
  try {
    const found = await lookup(bare, { all: true, verbatim: true });
    if (found.length === 0) throw new Error("no addresses");
    return found.map((a) => a.address);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new NetError("refused", url, `DNS lookup of ${bare} failed (${code})`, undefined, { cause: err });
  }
}

/**
 * Checks one host:port and returns its vetted addresses. All resolved addresses must pass: a
 * host with one public and one private record is refused, because the OS could connect to either.
 */
export async function vetHost(host: string, port: number, list: AllowList, url: string): Promise<string[]> {
  const bare = stripBrackets(host.toLowerCase());
  const allow = list.origin === null || list.origin === `${bare}:${port}` ? list : NOTHING_ALLOWED;
  if (hostAllowed(allow, bare, port)) return resolveAll(bare, url);
  if (METADATA_HOSTS.has(bare)) throw new NetError("refused", url, `${bare} is a cloud metadata host`);
  const addresses = await resolveAll(bare, url);
  for (const ip of addresses) {
    const range = refusedRange(ip);
    if (range && !addressAllowed(allow, ip)) {
      throw new NetError("refused", url, `${bare} resolves to ${ip} (${range} range, not allow-listed)`);
    }
  }
  return addresses;
}

/** Parses a URL and refuses non-http(s) schemes and embedded credentials. */
export function parseHttpUrl(input: string | URL): URL {
  const text = String(input);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new NetError("refused", text, "not a valid absolute URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new NetError("refused", text, `scheme ${url.protocol} is not allowed`);
  }
  if (url.username || url.password) {
    // Credentials belong in headers; the error names the URL without them so they are not logged.
    url.username = "";
    url.password = "";
    throw new NetError("refused", url.href, "credentials embedded in the URL are not allowed");
  }
  return url;
}

/** The connection port of a URL (or of undici's connect options): explicit, else the scheme's. */
export function defaultPort(url: { port?: string | number | null; protocol?: string }): number {
  return Number(url.port) || (url.protocol === "https:" ? 443 : 80);
}

/**
 * Refuses a URL the guard would not let through (see module comment). Resolves DNS and checks
 * every address; returns the parsed URL and the vetted addresses.
 */
export async function assertAllowedUrl(input: string | URL, spec: AllowSpec = {}): Promise<{ url: URL; addresses: string[] }> {
  const url = parseHttpUrl(input);
  const addresses = await vetHost(url.hostname, defaultPort(url), resolveAllowList(spec), url.href);
  return { url, addresses };
}
