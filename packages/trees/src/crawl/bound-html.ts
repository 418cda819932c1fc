/**
 * Bounds the element nesting of untrusted HTML before it is parsed. The HTML parser under
 * linkedom (htmlparser2) keeps its open elements in an array it shifts and searches at every
 * tag, so a page nesting tens of thousands of elements costs time quadratic in its depth
 * (100,000 unclosed `<div>`: 9.4 s to parse). This scan replays the parser's own stack rules
 * (implied ends, void elements, raw-text elements, self-closing tags in SVG and MathML) in one
 * pass and drops every opening tag that would nest deeper than `maxDepth`; its text stays.
 *
 * Where the replay is unsure it counts an element as open, so the real depth never exceeds the
 * bound: tags inside comments count, attribute values are not parsed.
 */

/** htmlparser2's openImpliesClose: opening the key closes an open element of the listed names on top. */
const P = ["p"];
const FORM = ["input", "option", "optgroup", "select", "button", "datalist", "textarea"];
const IMPLIES_CLOSE = new Map<string, ReadonlySet<string>>(
  Object.entries({
    tr: ["tr", "th", "td"],
    th: ["th"],
    td: ["thead", "th", "td"],
    body: ["head", "link", "script"],
    li: ["li"],
    option: ["option"],
    optgroup: ["optgroup", "option"],
    dd: ["dd", "dt"],
    dt: ["dd", "dt"],
    rt: ["rt", "rp"],
    rp: ["rt", "rp"],
    tbody: ["thead", "tbody"],
    tfoot: ["thead", "tbody"],
    ...Object.fromEntries(["select", "input", "output", "button", "datalist", "textarea"].map((t) => [t, FORM])),
    ...Object.fromEntries(
      [
        "p",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "address",
        "article",
        "aside",
        "blockquote",
        "details",
        "div",
        "dl",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "header",
        "hr",
        "main",
        "nav",
        "ol",
        "pre",
        "section",
        "table",
        "ul",
      ].map((t) => [t, P]),
    ),
  }).map(([k, v]) => [k, new Set(v)]),
);
const VOID = new Set([
  "area",
  "base",
  "basefont",
  "br",
  "col",
  "command",
  "embed",
  "frame",
  "hr",
  "img",
  "input",
  "isindex",
  "keygen",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);
/** Elements whose content the tokenizer reads as text up to their end tag. */
const RAW_TEXT = new Set(["script", "style", "title", "textarea"]);
const FOREIGN = new Set(["math", "svg"]);
const INTEGRATION = new Set(["mi", "mo", "mn", "ms", "mtext", "annotation-xml", "foreignobject", "desc", "title"]);

/** A start or end tag; neither part crosses a `<`, so a tag without `>` costs only up to the next one. */
const TAG = /<(\/?)([a-zA-Z][^\s/<>]*)[^<>]*>/g;

export function boundNesting(html: string, maxDepth: number): string {
  const stack: string[] = [];
  const foreign: boolean[] = [];
  const out: string[] = [];
  let copied = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    const name = m[2]!.toLowerCase();
    if (m[1]) {
      closeTag(name, stack, foreign);
      continue;
    }
    if (RAW_TEXT.has(name)) {
      TAG.lastIndex = rawTextEnd(html, name, TAG.lastIndex);
      continue;
    }
    const implied = IMPLIES_CLOSE.get(name);
    while (implied && stack.length && implied.has(stack.at(-1)!)) stack.pop();
    const selfClosing = m[0].endsWith("/>") && foreign.at(-1) === true;
    if (VOID.has(name) || selfClosing) continue;
    if (stack.length >= maxDepth) {
      out.push(html.slice(copied, m.index), " ");
      copied = TAG.lastIndex;
      continue;
    }
    stack.push(name);
    if (FOREIGN.has(name)) foreign.push(true);
    else if (INTEGRATION.has(name)) foreign.push(false);
  }
  if (copied === 0) return html;
  out.push(html.slice(copied));
  return out.join("");
}

/** An end tag closes the innermost open element of its name and everything inside it; unknown ends are ignored. */
function closeTag(name: string, stack: string[], foreign: boolean[]): void {
  if (FOREIGN.has(name) || INTEGRATION.has(name)) foreign.pop();
  if (VOID.has(name)) return;
  const at = stack.lastIndexOf(name);
  if (at !== -1) stack.length = at;
}

/** Where a raw-text element's content ends: after `</name` followed by space, `/` or `>`, else the end of the page. */
function rawTextEnd(html: string, name: string, from: number): number {
  const end = new RegExp(`</${name}[\\s/>]`, "gi");
  end.lastIndex = from;
  return end.exec(html) ? end.lastIndex : html.length;
}
