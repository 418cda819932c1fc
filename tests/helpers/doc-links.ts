import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** One link that does not resolve: the file it is in (relative to the root), its line, the target and why. */
export type BrokenLink = { file: string; line: number; target: string; reason: string };

type Link = { line: number; target: string };

const blank = (s: string) => s.replace(/[^\n]/g, " ");

/** Markdown with its fenced code blocks blanked out (same length, newlines kept), so line numbers stay true. */
function withoutFences(markdown: string): string {
  let fence: string | undefined;
  const lines = markdown.split("\n").map((line) => {
    const opener = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && opener) fence = opener;
    else if (fence !== undefined && opener?.startsWith(fence) && line.trim() === opener) fence = undefined;
    else if (fence === undefined) return line;
    return blank(line);
  });
  return lines.join("\n");
}

/** Markdown with code blocks and code spans blanked out, so a link written as an example inside code is not checked. */
export function withoutCode(markdown: string): string {
  // a code span may wrap onto the next line, never across a blank line
  return withoutFences(markdown).replace(/(`+)(?!`)(?:[^`\n]|\n(?![ \t]*\n)|(?!\1)`+)*?[^`]\1(?!`)/g, blank);
}

/** Inline links and images `[text](target "title")` and reference definitions `[label]: target`. */
export function linksOf(markdown: string): Link[] {
  const text = withoutCode(markdown);
  const lineAt = (index: number) => text.slice(0, index).split("\n").length;
  const links: Link[] = [];
  for (const m of text.matchAll(/\]\(\s*(<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)/g)) {
    links.push({ line: lineAt(m.index), target: (m[1] ?? "").replace(/^<|>$/g, "") });
  }
  for (const m of text.matchAll(/^ {0,3}\[[^\]\n]+\]:\s*(\S+)/gm))
    links.push({ line: lineAt(m.index), target: (m[1] ?? "").replace(/^<|>$/g, "") });
  return links;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped (letters, digits, spaces, `-` and `_` kept), spaces to hyphens. */
export function slug(heading: string): string {
  const plain = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .trim()
    .toLowerCase();
  return plain.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
}

/** Every anchor a Markdown file offers: its headings' slugs (repeats get -1, -2…) and explicit `<a id|name>` anchors. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading = ""] of withoutFences(markdown).matchAll(/^ {0,3}#{1,6}[ \t]+(.*?)[ \t#]*$/gm)) {
    const base = slug(heading);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const [, id = ""] of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id);
  return anchors;
}

/** An external link is only checked for its form: an http(s) URL with a host. */
function externalProblem(target: string): string | undefined {
  try {
    const url = new URL(target);
    return url.hostname === "" ? "an http(s) URL without a host" : undefined;
  } catch {
    return "not a valid URL";
  }
}

/** A link's %-escapes decoded; undefined when one is malformed. */
function decoded(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

function targetProblem(root: string, file: string, target: string, anchorsCache: Map<string, Set<string>>): string | undefined {
  if (/^https?:/i.test(target)) return externalProblem(target);
  if (/^mailto:/i.test(target)) return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) return "a scheme other than http(s) or mailto";
  if (target === "") return "an empty link";
  const hash = target.indexOf("#");
  const pathPart = decoded(hash === -1 ? target : target.slice(0, hash));
  const anchor = hash === -1 ? "" : decoded(target.slice(hash + 1));
  if (pathPart === undefined || anchor === undefined) return "a malformed %-escape";
  const path = pathPart === "" ? file : resolve(dirname(file), pathPart);
  if (relative(root, path).startsWith("..")) return "a path outside the repository";
  if (!existsSync(path)) return `no such file: ${relative(root, path)}`;
  if (anchor === "") return undefined;
  if (statSync(path).isDirectory() || !path.endsWith(".md")) return "an anchor into something that is not a Markdown file";
  let anchors = anchorsCache.get(path);
  if (!anchors) {
    anchors = anchorsOf(readFileSync(path, "utf8"));
    anchorsCache.set(path, anchors);
  }
  return anchors.has(anchor) ? undefined : `no heading #${anchor} in ${relative(root, path)}`;
}

/** Every link of the given Markdown files (absolute paths) that does not resolve. */
export function brokenLinks(root: string, files: string[]): BrokenLink[] {
  const anchorsCache = new Map<string, Set<string>>();
  return files.flatMap((file) =>
    linksOf(readFileSync(file, "utf8")).flatMap(({ line, target }) => {
      const reason = targetProblem(root, file, target, anchorsCache);
      return reason ? [{ file: relative(root, file), line, target, reason }] : [];
    }),
  );
}

/** Markdown files under a folder, recursively. */
export function markdownUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? markdownUnder(path) : e.name.endsWith(".md") ? [path] : [];
  });
}
