import { Rng, seedOf, type DrArenaNode } from "@arena/core";
import { generateWorld, type TruthEntry } from "@arena/trees/world";

/**
 * Statements whose truth is known: facts of the synthetic world (every value its pages state is in
 * its truth table) written as an answer would write them — label lines as the simulated agents
 * write them, sentences in another word order, headings followed by "Its …", thousands with
 * commas, spaces or none, number words, dates in three formats, units as words or symbols — each
 * true, with its figure changed, or with its subject (or a name it gives) changed.
 */
export type Alteration = "true" | "figure" | "name";

export interface WorldStatement {
  /** The answer text around the statement (the statement is cited [1] where it is tested). */
  answer: string;
  /** The statement's own text, as it appears in the answer. */
  statement: string;
  /** The page the fact comes from, as the scorer's page source returns it (title, description, content). */
  url: string;
  page: string;
  alteration: Alteration;
  wording: string;
  /** The fact as a checklist gives it: the entity, the ask and the value. */
  entity: TruthEntry;
  ask: string;
  value: string;
  /** The value written in the statement (altered or not). */
  written: string;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const WORDS = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
const UNIT_SYMBOLS: Record<string, string> = {
  metres: "m",
  "square kilometres": "km²",
  "square metres": "m²",
  hectares: "ha",
  "nautical miles": "nmi",
};

function pagesOf(tree: DrArenaNode, out = new Map<string, DrArenaNode>()): Map<string, DrArenaNode> {
  out.set(tree.url, tree);
  for (const c of tree.children) pagesOf(c, out);
  return out;
}

const isDate = (v: string) => /^\d{1,2} [A-Z][a-z]+ \d{4}$/.test(v);
const isNumber = (v: string) => /^[\d,]+$/.test(v);

/** A value in another spelling: separators, number words, date formats. */
function respell(value: string, rng: Rng): string {
  if (isDate(value)) {
    const [d, m, y] = value.split(" ");
    const month = MONTHS.indexOf(m!) + 1;
    return rng.pick([value, `${m} ${d}, ${y}`, `${y}-${String(month).padStart(2, "0")}-${d!.padStart(2, "0")}`]);
  }
  if (isNumber(value)) {
    const n = Number(value.replace(/,/g, ""));
    if (n >= 2 && n <= 12 && rng.float() < 0.5) return WORDS[n]!;
    if (n >= 1000 && !/^1[5-9]\d\d$|^20\d\d$/.test(value))
      return rng.pick([String(n), n.toLocaleString("en-US"), n.toLocaleString("en-US").replace(/,/g, " ")]);
    return String(n);
  }
  return value;
}

/** The value with its figure changed: a number by 15–60 % (a year by 2–9), a date moved by days or years. */
function changeFigure(value: string, rng: Rng): string | null {
  if (isDate(value)) {
    const [d, m, y] = value.split(" ");
    return rng.float() < 0.5 ? `${d} ${m} ${Number(y) + 2 + rng.int(8)}` : `${((Number(d) + 3 + rng.int(20)) % 28) + 1} ${m} ${y}`;
  }
  if (!isNumber(value)) return null;
  const n = Number(value.replace(/,/g, ""));
  if (/^1[5-9]\d\d$|^20\d\d$/.test(value)) return String(n + (rng.float() < 0.5 ? -1 : 1) * (2 + rng.int(8)));
  const changed = Math.max(n + 1, Math.round(n * (1.15 + 0.45 * rng.float())));
  const down = Math.round(n * (0.5 + 0.3 * rng.float()));
  return String(rng.float() < 0.5 || down < 1 || down === n ? changed : down);
}

/** Sentence forms of an ask, the subject named (`s`) or referred to as It/They (`s` = null). */
function sentenceOf(ask: string, s: string | null, v: string, rng: Rng): string | null {
  const it = s ?? "It";
  let m = /^the year it was (.+)$/.exec(ask);
  if (m) return rng.pick([`${it} was ${m[1]} in ${v}.`, `${s ? `In ${v}, ${s} was` : `It was`} ${m[1]}${s ? "" : ` in ${v}`}.`]);
  m = /^when it (?:was )?(.+)$/.exec(ask);
  if (m) return `${it} ${/^opened/.test(m[1]!) ? "" : "was "}${m[1]} on ${v}.`;
  m = /^its (.+) in (.+)$/.exec(ask);
  if (m) {
    const unit = rng.float() < 0.5 ? (UNIT_SYMBOLS[m[2]!] ?? m[2]) : m[2];
    return rng.pick([
      `${s ? `The ${m[1]} of ${s}` : `Its ${m[1]}`} is ${v} ${unit}.`,
      `${s ? `${s} has a` : "It has a"} ${m[1]} of ${v} ${unit}.`,
      `At ${v} ${unit}, ${s ? `the ${m[1]} of ${s}` : `its ${m[1]}`} is notable.`,
    ]);
  }
  m = /^how many (.+) it has$/.exec(ask);
  if (m)
    return rng.pick([
      `${it} has ${v} ${m[1]}.`,
      `There are ${v} ${m[1]} ${s ? `in ${s}` : "there"}.`,
      `${v} ${m[1]}: that is what ${s ?? "it"} has.`,
    ]);
  if (ask === "the year they were born")
    return s ? rng.pick([`${s} was born in ${v}.`, `${s} (born ${v}) is remembered today.`]) : `They were born in ${v}.`;
  if (ask === "the town they were born in") return `${s ?? "They"} ${s ? "was" : "were"} born in ${v}.`;
  if (ask === "the town they trained in") return `${s ?? "They"} trained in ${v}.`;
  if (ask === "the date it took place") return `${s ? `The ${s}` : "It"} took place on ${v}.`;
  return null;
}

interface Form {
  wording: string;
  /** The answer, with `[1]` after the tested statement; returns [answer, statement]. */
  write(subject: string, others: string[], ask: string, value: string, rng: Rng): [string, string] | null;
}

const FORMS: Form[] = [
  {
    // as the simulated agents write: entity list, then "Entity N: ask: value" lines
    wording: "label (Entity N)",
    write(subject, others, ask, value) {
      const names = [...others.slice(0, 1), subject];
      const statement = `**Entity ${names.length}: ${ask}**: ${value}`;
      return [
        `## Identified entities\n${names.map((n) => `- **${n}** [${n === subject ? 1 : 2}]`).join("\n")}\n\n## Requested details\n- ${statement} [1]`,
        statement,
      ];
    },
  },
  {
    wording: "label (subject in label)",
    write(subject, _others, ask, value) {
      const statement = `${subject} — ${ask}: ${value}`;
      return [`- ${statement} [1]`, statement];
    },
  },
  {
    wording: "parenthetical",
    write(subject, _others, ask, value) {
      const statement = `${subject} (${ask}: ${value})`;
      return [`The sources name ${statement} [1].`, `The sources name ${statement}.`];
    },
  },
  {
    wording: "sentence",
    write(subject, _others, ask, value, rng) {
      const written = sentenceOf(ask, subject, value, rng);
      const statement = written && written.charAt(0).toUpperCase() + written.slice(1);
      return statement ? [`Here is what the sources say. ${statement.slice(0, -1)} [1].`, statement] : null;
    },
  },
  {
    wording: "heading, then It/Its",
    write(subject, _others, ask, value, rng) {
      const written = sentenceOf(ask, null, value, rng);
      const statement = written && written.charAt(0).toUpperCase() + written.slice(1);
      return statement ? [`## ${subject}\n\n${statement.slice(0, -1)} [1].`, statement] : null;
    },
  },
];

/** Statements from a seeded world: every fact of every known entity, in each wording, true and altered. */
export function worldStatements(seed: string): WorldStatement[] {
  const world = generateWorld({ seed, hubs: 5, entities: 8 });
  const rng = Rng.fromSeed(seedOf(seed));
  const out: WorldStatement[] = [];
  for (const tree of world.trees) {
    const pages = pagesOf(tree.tree);
    for (const entity of tree.truth) {
      const node = pages.get(entity.url);
      if (!node) continue;
      const page = [node.title, node.description, node.content].filter(Boolean).join("\n");
      const sameKind = tree.truth.filter((t) => t.kind === entity.kind && t !== entity);
      const towns = tree.truth.filter((t) => t.kind === "person").map((t) => String(t.attributes.birthplace));
      for (const { ask, value } of entity.known.asks) {
        for (const form of FORMS) {
          const other = rng.pick(sameKind).name;
          const add = (alteration: Alteration, subject: string, written: string) => {
            const w = form.write(subject, [rng.pick(sameKind).name], ask, written, rng);
            if (w)
              out.push({
                answer: `${w[0]}\n\n## References\n[1] ${entity.url}\n[2] https://other.example/page`,
                statement: w[1],
                url: entity.url,
                page,
                alteration,
                wording: form.wording,
                entity,
                ask,
                value,
                written,
              });
          };
          add("true", entity.name, respell(value, rng));
          const changed = changeFigure(value, rng);
          if (changed) add("figure", entity.name, respell(changed, rng));
          // a name changed: the subject, or a town the statement gives
          if (!isNumber(value) && !isDate(value)) add("name", entity.name, rng.pick(towns.filter((t) => t !== value)));
          else add("name", other, respell(value, rng));
        }
      }
    }
  }
  return out;
}
