import { z } from "zod";
import { Rng, seedOf, WORLD_HOST, type DrArenaLinkContext, type DrArenaNode, type KnownEntity } from "@arena/core";
import { between, NameBook, slug } from "./names";
import { THEMES, type Theme } from "./themes";

/**
 * Deterministic synthetic world (pure: no I/O, no clock). Each hub is a country's overview of
 * one theme (lighthouses, observatories...), and becomes one DR-Arena tree:
 *
 *   hub (depth 0) → regions (1) → entities (2) → the entity's person and an event (3)
 *
 * Pages state every attribute value in a plain sentence, so a search agent can find it, and the
 * ground truth lists them exactly. Entities carry invented names and are introduced on their
 * region page by clues (year, town, person), so a question can reach an entity through its
 * parent context without naming it (Deep). Pages also link beyond their tree children (other
 * works of the same person, neighbouring entities and regions, notable entities from the hub):
 * those links are what on-demand expansion follows. People are shared by several entities, so
 * a person's URL appears at several positions of a tree, as in the DR-Arena trees.
 */

export type TruthValue = string | number | string[];

export interface TruthEntry {
  url: string;
  kind: "region" | "entity" | "person" | "event";
  name: string;
  aliases: string[];
  /** Attribute values exactly as stated on the page (numbers render with `formatNumber`). */
  attributes: Record<string, TruthValue>;
  /** The entity for questions in plain words: how to point at it unnamed, and its facts asked plainly. */
  known: KnownEntity;
}

export interface WorldTree {
  topic: string;
  tree: DrArenaNode;
  truth: TruthEntry[];
}

export interface WorldParams {
  seed: string;
  hubs: number;
  entities: number;
}

export interface World {
  params: WorldParams;
  trees: WorldTree[];
  /** Distinct page URLs across the world. */
  pages: number;
}

const worldParamsSchema = z.object({
  seed: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "seed: 1-64 letters, digits, '-' or '_'"),
  hubs: z.number().int().min(1).max(500).default(3),
  entities: z.number().int().min(2).max(5000).default(12),
});

/**
 * How pages state a number: thousands separators from five digits up (so years and 4-digit
 * numbers read "1870", "6352"), independent of the ICU data of the running Node.
 */
export function formatNumber(n: number): string {
  return Math.abs(n) < 10_000 ? String(n) : String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

function listText(items: string[]): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

interface Person {
  given: string;
  family: string;
  full: string;
  url: string;
  profession: string;
  birthplace: string;
  trainedIn: string;
  born: number;
  works: Entity[];
}

interface Region {
  name: string;
  url: string;
  capital: string;
  areaKm2: number;
  entities: Entity[];
}

interface Entity {
  name: string;
  alias: string;
  url: string;
  region: Region;
  town: string;
  year: number;
  date: string;
  measure: number;
  count: number;
  list: string[];
  person: Person;
  event: { name: string; url: string; kind: string; date: string; figure: number };
  filler: string;
}

/** Page text built sentence by sentence; links remember the sentence around their anchor. */
class PageText {
  private readonly sentences: string[] = [];
  readonly links: DrArenaLinkContext[] = [];

  say(sentence: string): this {
    this.sentences.push(sentence);
    return this;
  }

  /** A sentence mentioning linked pages; each anchor must occur in the sentence. */
  link(sentence: string, targets: Array<{ url: string; anchor: string }>, relationship: string): this {
    this.sentences.push(sentence);
    for (const t of targets) this.links.push({ url: t.url, anchor_text: t.anchor, surrounding_text: sentence, relationship });
    return this;
  }

  get content(): string {
    return this.sentences.join(" ");
  }
}

function dateIn(rng: Rng, year: number): string {
  return `${between(rng, 1, 28)} ${rng.pick(MONTHS)} ${year}`;
}

function node(
  url: string,
  title: string,
  description: string,
  text: PageText,
  depth: number,
  cluster: string | null,
  children: DrArenaNode[],
): DrArenaNode {
  return {
    url,
    domain: WORLD_HOST,
    title,
    description,
    content: text.content,
    crawled: true,
    depth,
    error: null,
    relationship_cluster: cluster,
    link_contexts: text.links,
    children,
  };
}

/** Builds the people, regions and entities of one hub (all random draws happen here). */
function buildHub(rng: Rng, names: NameBook, theme: Theme, hubUrl: string, entityCount: number) {
  const country = names.country();
  const regions: Region[] = Array.from({ length: Math.max(2, Math.round(entityCount / 8)) }, () => {
    const name = `${names.word()} ${theme.regionWord}`;
    return { name, url: `${hubUrl}${slug(name)}/`, capital: names.town(), areaKm2: between(rng, 400, 12000), entities: [] };
  });
  const people: Person[] = Array.from({ length: Math.max(2, Math.ceil(entityCount / 2)) }, () => {
    const { given, family } = names.person();
    const full = `${given} ${family}`;
    return {
      given,
      family,
      full,
      url: `${hubUrl}people/${slug(full)}`,
      profession: rng.pick(theme.professions),
      birthplace: names.town(),
      trainedIn: names.town(),
      born: 0,
      works: [],
    };
  });
  const entities: Entity[] = [];
  for (let i = 0; i < entityCount; i++) {
    const region = regions[i % regions.length]!;
    const root = names.word();
    const name = `${root} ${rng.pick(theme.nameSuffixes)}`;
    const year = between(rng, 1780, 1960);
    const eventYear = between(rng, year + 3, 2020);
    const kind = rng.pick(theme.events);
    const eventName = `${kind} of ${eventYear} at ${name}`;
    const person = rng.pick(people);
    const entity: Entity = {
      name,
      alias: root,
      url: `${region.url}${slug(name)}`,
      region,
      town: names.town(),
      year,
      date: dateIn(rng, year),
      measure: between(rng, theme.measure.min, theme.measure.max),
      count: between(rng, theme.count.min, theme.count.max),
      list: rng.shuffle(theme.list.pool).slice(0, 3),
      person,
      event: {
        name: eventName,
        url: `${hubUrl}events/${slug(eventName)}`,
        kind,
        date: dateIn(rng, eventYear),
        figure: between(rng, theme.eventFigure.min, theme.eventFigure.max),
      },
      filler: rng.pick(theme.fillers),
    };
    region.entities.push(entity);
    person.works.push(entity);
    entities.push(entity);
  }
  for (const p of people) p.born = Math.min(...p.works.map((w) => w.year), 1960) - between(rng, 25, 55);
  return { country, regions, people: people.filter((p) => p.works.length), entities };
}

function entityPage(theme: Theme, country: string, e: Entity): { node: DrArenaNode; truth: TruthEntry } {
  const t = new PageText()
    .say(`${e.name} is a ${theme.singular} in ${e.town}, a town in the ${e.region.name} of ${country}.`)
    .say(`It was ${theme.builtVerb} in ${e.year} and ${theme.openedVerb} on ${e.date}.`)
    .link(
      `The ${theme.singular} was ${theme.byPhrase} the ${e.person.profession} ${e.person.full}.`,
      [{ url: e.person.url, anchor: e.person.full }],
      "people",
    )
    .say(theme.measure.sentence(e.name, formatNumber(e.measure)))
    .say(theme.count.sentence(e.name, formatNumber(e.count)))
    .say(theme.list.sentence(e.name, listText(e.list)))
    .link(`It was later the scene of the ${e.event.name}.`, [{ url: e.event.url, anchor: e.event.name }], "history/timeline")
    .say(e.filler);
  const siblings = e.person.works.filter((w) => w !== e).slice(0, 3);
  if (siblings.length) {
    t.link(
      `Other ${theme.plural} ${theme.byPhrase} ${e.person.full} include ${listText(siblings.map((s) => s.name))}.`,
      siblings.map((s) => ({ url: s.url, anchor: s.name })),
      `related ${theme.plural}`,
    );
  }
  const neighbours = e.region.entities.filter((n) => n !== e).slice(0, 2);
  if (neighbours.length) {
    t.link(
      `Neighbouring ${theme.plural} in the ${e.region.name} include ${listText(neighbours.map((n) => n.name))}.`,
      neighbours.map((n) => ({ url: n.url, anchor: n.name })),
      `related ${theme.plural}`,
    );
  }
  t.link(`See also the overview of the ${e.region.name}.`, [{ url: e.region.url, anchor: e.region.name }], "related topics");
  return {
    node: node(e.url, e.name, `${e.name}, a ${theme.singular} in the ${e.region.name} of ${country}.`, t, 2, theme.plural, [
      personPage(theme, country, e.person),
      eventPage(theme, e),
    ]),
    truth: {
      url: e.url,
      kind: "entity",
      name: e.name,
      aliases: [...new Set([`${e.alias} ${capitalise(theme.singular)}`, e.alias])].filter((a) => a !== e.name),
      attributes: {
        country,
        region: e.region.name,
        town: e.town,
        [theme.builtVerb === "founded" ? "founded" : "built"]: e.year,
        opened: e.date,
        [theme.role]: e.person.full,
        [theme.measure.key]: e.measure,
        [theme.count.key]: e.count,
        [theme.list.key]: e.list,
      },
      known: {
        name: e.name,
        aliases: [...new Set([`${e.alias} ${capitalise(theme.singular)}`, e.alias])].filter((a) => a !== e.name),
        describe: entityClue(theme, e),
        asks: [
          { ask: `the year it was ${theme.builtVerb}`, value: String(e.year) },
          {
            ask: theme.openedVerb.startsWith("opened its") ? `when it ${theme.openedVerb}` : `when it was ${theme.openedVerb}`,
            value: e.date,
          },
          { ask: measureAsk(theme.measure.label), value: formatNumber(e.measure) },
          { ask: measureAsk(theme.count.label), value: formatNumber(e.count) },
        ],
      },
    },
  };
}

function personPage(theme: Theme, country: string, p: Person): DrArenaNode {
  const t = new PageText()
    .say(`${p.full} (born ${p.born} in ${p.birthplace}) was a ${p.profession} from ${country}.`)
    .link(
      `${p.family} is remembered as the ${theme.role} of ${listText(p.works.map((w) => w.name))}.`,
      p.works.map((w) => ({ url: w.url, anchor: w.name })),
      "works",
    )
    .say(`${p.family} trained in ${p.trainedIn} before taking up commissions across ${country}.`);
  return node(p.url, p.full, `${p.full}, ${p.profession} (born ${p.born}).`, t, 3, "people", []);
}

function personTruth(theme: Theme, p: Person): TruthEntry {
  const work = p.works[0]!;
  return {
    known: {
      name: p.full,
      aliases: [`${p.given.charAt(0)}. ${p.family}`],
      describe: `the ${p.profession} who ${theme.byPhrase.replace(/ by$/, "")} ${entityClue(theme, work, false)}`,
      asks: [
        { ask: "the year they were born", value: String(p.born) },
        { ask: "the town they were born in", value: p.birthplace },
        { ask: "the town they trained in", value: p.trainedIn },
      ],
    },
    url: p.url,
    kind: "person",
    name: p.full,
    aliases: [`${p.given.charAt(0)}. ${p.family}`],
    attributes: {
      born: p.born,
      birthplace: p.birthplace,
      profession: p.profession,
      trained_in: p.trainedIn,
      [`${theme.role}_of`]: p.works.map((w) => w.name),
    },
  };
}

function eventPage(theme: Theme, e: Entity): DrArenaNode {
  const t = new PageText()
    .say(`The ${e.event.name} took place on ${e.event.date}.`)
    .link(`It affected ${e.name} in ${e.town}.`, [{ url: e.url, anchor: e.name }], "places")
    .say(theme.eventFigure.sentence(formatNumber(e.event.figure)))
    .say(`Local newspapers reported on the ${e.event.kind.toLowerCase()} for weeks.`);
  return node(e.event.url, e.event.name, `${e.event.name}, ${e.event.date}.`, t, 3, "history/timeline", []);
}

function eventTruth(theme: Theme, e: Entity): TruthEntry {
  return {
    known: {
      name: e.event.name,
      aliases: [],
      describe: `the event of ${e.event.date.slice(-4)} at ${entityClue(theme, e)}`,
      asks: [
        { ask: "the date it took place", value: e.event.date },
        { ask: theme.eventFigure.ask, value: formatNumber(e.event.figure) },
      ],
    },
    url: e.event.url,
    kind: "event",
    name: e.event.name,
    aliases: [],
    attributes: { date: e.event.date, place: e.name, [theme.eventFigure.key]: e.event.figure },
  };
}

function regionPage(theme: Theme, country: string, r: Region, regions: Region[], children: DrArenaNode[]) {
  const t = new PageText()
    .say(`The ${r.name} is a region of ${country}. Its capital is ${r.capital} and it covers ${formatNumber(r.areaKm2)} square kilometres.`)
    .say(`The ${r.name} has ${r.entities.length} ${theme.plural}.`);
  for (const e of r.entities) {
    t.link(
      `${capitalise(theme.builtVerb)} in ${e.year} in ${e.town} and ${theme.byPhrase} ${e.person.full}: ${e.name}.`,
      [{ url: e.url, anchor: e.name }],
      theme.plural,
    );
  }
  const others = regions.filter((o) => o !== r).slice(0, 2);
  t.link(
    `It borders the ${listText(others.map((o) => o.name))}.`,
    others.map((o) => ({ url: o.url, anchor: o.name })),
    "neighbouring regions",
  );
  const truth: TruthEntry = {
    url: r.url,
    kind: "region",
    known: {
      name: r.name,
      aliases: [r.name.replace(` ${theme.regionWord}`, "")],
      describe: `the ${theme.regionWord.toLowerCase()} region of ${country} whose capital is ${r.capital}`,
      asks: [
        { ask: "its area in square kilometres", value: formatNumber(r.areaKm2) },
        { ask: `how many ${theme.plural} it has`, value: String(r.entities.length) },
      ],
    },
    name: r.name,
    aliases: [r.name.replace(` ${theme.regionWord}`, "")],
    attributes: { country, capital: r.capital, area_km2: r.areaKm2, [theme.plural.replace(/ /g, "_")]: r.entities.length },
  };
  return {
    node: node(
      r.url,
      `${capitalise(theme.plural)} of the ${r.name}`,
      `The ${theme.plural} of the ${r.name}, ${country}.`,
      t,
      1,
      "regions",
      children,
    ),
    truth,
  };
}

function hubPage(theme: Theme, country: string, url: string, regions: Region[], entities: Entity[], children: DrArenaNode[]): DrArenaNode {
  const t = new PageText().say(
    `${country} has ${entities.length} ${theme.plural} spread over ${regions.length} regions. This overview lists them by region.`,
  );
  for (const r of regions) {
    t.link(`The ${r.name} (capital ${r.capital}) has ${r.entities.length} ${theme.plural}.`, [{ url: r.url, anchor: r.name }], "regions");
  }
  const largest = entities.reduce((a, b) => (b.measure > a.measure ? b : a));
  const oldest = entities.reduce((a, b) => (b.year < a.year ? b : a));
  const measureNoun = theme.measure.label.replace(/ \(.*\)$/, "");
  t.link(
    `Of all the ${theme.plural} of ${country}, ${largest.name} has the greatest ${measureNoun}.`,
    [{ url: largest.url, anchor: largest.name }],
    `notable ${theme.plural}`,
  );
  t.link(
    `The oldest is ${oldest.name}, ${theme.builtVerb} in ${oldest.year}.`,
    [{ url: oldest.url, anchor: oldest.name }],
    `notable ${theme.plural}`,
  );
  return node(
    url,
    `${capitalise(theme.plural)} of ${country}`,
    `An overview of the ${theme.plural} of ${country}, by region.`,
    t,
    0,
    null,
    children,
  );
}

/** An entity pointed at without its name: "the lighthouse in Dymford designed by Grabria Boubrast". */
function entityClue(theme: Theme, e: Entity, withPerson = true): string {
  return `the ${theme.singular} in ${e.town}${withPerson ? ` ${theme.byPhrase} ${e.person.full}` : ""}`;
}

const UNIT_WORDS: Record<string, string> = { m: "metres", ha: "hectares", "m²": "square metres" };

/** A theme's measure label asked plainly: "tower height (m)" → "its tower height in metres", "arches" → "how many arches it has". */
function measureAsk(label: string): string {
  const m = /^(.*) \((.*)\)$/.exec(label);
  return m ? `its ${m[1]} in ${UNIT_WORDS[m[2]!] ?? m[2]}` : `how many ${label} it has`;
}

/** Generates the world for validated parameters; identical parameters give identical output. */
export function generateWorld(input: z.input<typeof worldParamsSchema>): World {
  const params = worldParamsSchema.parse(input);
  const rng = Rng.fromSeed(seedOf(params.seed));
  const names = new NameBook(rng);
  const urls = new Set<string>();
  const trees: WorldTree[] = [];
  for (let h = 0; h < params.hubs; h++) {
    const theme = THEMES[h % THEMES.length]!;
    const hubSeed = `https://${WORLD_HOST}/${params.seed}/${h + 1}-${theme.key}/`;
    const { country, regions, people, entities } = buildHub(rng, names, theme, hubSeed, params.entities);
    const truth: TruthEntry[] = [];
    const regionNodes = regions.map((r) => {
      const children = r.entities.map((e) => {
        const page = entityPage(theme, country, e);
        truth.push(page.truth, eventTruth(theme, e));
        return page.node;
      });
      const page = regionPage(theme, country, r, regions, children);
      truth.push(page.truth);
      return page.node;
    });
    truth.push(...people.map((p) => personTruth(theme, p)));
    const tree = hubPage(theme, country, hubSeed, regions, entities, regionNodes);
    const visit = (n: DrArenaNode) => {
      urls.add(n.url);
      n.children.forEach(visit);
    };
    visit(tree);
    trees.push({ topic: theme.topic, tree, truth });
  }
  return { params, trees, pages: urls.size };
}

/** Parameters giving at least `pages` distinct pages (for the search benchmark). */
export function scaleParams(seed: string, pages: number): WorldParams {
  const hubs = 20;
  // Each hub has about 2.6 pages per entity (entity, event, shared person, region) plus its root.
  return { seed, hubs, entities: Math.ceil((pages / hubs - 1) / 2.55) };
}
