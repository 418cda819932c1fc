/**
 * Subjects of the synthetic world. Each theme says how its pages are worded, so generated pages
 * read like reference pages of different kinds while sharing one structure:
 * country hub → regions → entities → the person behind each entity and an event in its history.
 */
export interface Theme {
  key: string;
  /** Topic path in the style of the DR-Arena summary topics. */
  topic: string;
  singular: string;
  plural: string;
  nameSuffixes: readonly string[];
  regionWord: string;
  /** Role of the person linked from each entity, and the phrase that introduces them. */
  role: string;
  byPhrase: string;
  professions: readonly string[];
  /** Verb for the year the entity came into being ("completed", "founded"). */
  builtVerb: string;
  /** Verb for the inauguration date ("first lit", "opened to the public"). */
  openedVerb: string;
  measure: { key: string; label: string; min: number; max: number; sentence: (name: string, value: string) => string };
  count: { key: string; label: string; min: number; max: number; sentence: (name: string, value: string) => string };
  list: { key: string; label: string; pool: readonly string[]; sentence: (name: string, items: string) => string };
  events: readonly string[];
  /** Unit of the event's number (damage, cost, attendance). */
  /** `ask`: the figure asked in plain words, the event being "it". */
  eventFigure: { key: string; min: number; max: number; ask: string; sentence: (value: string) => string };
  fillers: readonly string[];
}

export const THEMES: readonly Theme[] = [
  {
    key: "lighthouses",
    topic: "Travel > Maritime heritage > Lighthouses",
    singular: "lighthouse",
    plural: "lighthouses",
    nameSuffixes: ["Lighthouse", "Point Lighthouse", "Head Light"],
    regionWord: "Coast",
    role: "designer",
    byPhrase: "designed by",
    professions: ["civil engineer", "harbour engineer", "architect"],
    builtVerb: "completed",
    openedVerb: "first lit",
    measure: {
      key: "height_m",
      label: "tower height (m)",
      min: 12,
      max: 68,
      sentence: (n, v) => `The tower of ${n} stands ${v} metres tall.`,
    },
    count: {
      key: "range_nmi",
      label: "light range (nautical miles)",
      min: 8,
      max: 28,
      sentence: (_n, v) => `Its light is visible for ${v} nautical miles.`,
    },
    list: {
      key: "features",
      label: "features",
      pool: [
        "a cast-iron lantern room",
        "a first-order Fresnel lens",
        "a fog bell",
        "a keeper's cottage",
        "a granite base",
        "a red-and-white daymark",
        "a museum in the former oil store",
        "a signal station",
        "a clockwork rotation mechanism",
        "a walled garden",
      ],
      sentence: (n, items) => `Notable features of ${n} include ${items}.`,
    },
    events: ["Great Storm", "Lantern Fire", "Restoration", "Shipwreck Rescue"],
    eventFigure: {
      key: "cost_crowns",
      ask: "how many crowns the repairs afterwards cost",
      min: 2000,
      max: 90000,
      sentence: (v) => `Repairs afterwards cost ${v} crowns.`,
    },
    fillers: [
      "A coastal footpath leads to the tower from the nearest village.",
      "The station was automated after the last keepers left.",
      "Seabirds nest on the cliffs below the lantern.",
    ],
  },
  {
    key: "observatories",
    topic: "Science > Astronomy > Observatories",
    singular: "observatory",
    plural: "observatories",
    nameSuffixes: ["Observatory", "Astronomical Observatory", "Hill Observatory"],
    regionWord: "Province",
    role: "founder",
    byPhrase: "founded by",
    professions: ["astronomer", "mathematician", "instrument maker"],
    builtVerb: "founded",
    openedVerb: "inaugurated",
    measure: {
      key: "altitude_m",
      label: "altitude (m)",
      min: 120,
      max: 2900,
      sentence: (n, v) => `${n} lies at an altitude of ${v} metres.`,
    },
    count: { key: "telescopes", label: "telescopes", min: 1, max: 9, sentence: (_n, v) => `The observatory operates ${v} telescopes.` },
    list: {
      key: "instruments",
      label: "instruments",
      pool: [
        "a great refractor",
        "a meridian circle",
        "a solar spectrograph",
        "a photographic astrograph",
        "a radio dish",
        "a transit instrument",
        "a coelostat",
        "a seismograph",
        "a heliometer",
      ],
      sentence: (n, items) => `Instruments at ${n} include ${items}.`,
    },
    events: ["Comet Discovery", "Dome Collapse", "Eclipse Expedition", "Centenary Survey"],
    eventFigure: {
      key: "plates",
      ask: "how many photographic plates observers recorded during it",
      min: 40,
      max: 9000,
      sentence: (v) => `Observers recorded ${v} photographic plates during it.`,
    },
    fillers: [
      "The site was chosen for its dark skies and steady air.",
      "A public viewing night is held on the first Friday of each month.",
      "Its archive of observing logs is kept in the library wing.",
    ],
  },
  {
    key: "gardens",
    topic: "Home & Garden > Gardening > Botanical Gardens",
    singular: "botanical garden",
    plural: "botanical gardens",
    nameSuffixes: ["Botanic Garden", "Botanical Gardens", "Arboretum"],
    regionWord: "District",
    role: "founder",
    byPhrase: "laid out by",
    professions: ["botanist", "landscape gardener", "plant collector"],
    builtVerb: "established",
    openedVerb: "opened to the public",
    measure: { key: "area_ha", label: "area (ha)", min: 3, max: 160, sentence: (n, v) => `${n} covers ${v} hectares.` },
    count: { key: "glasshouses", label: "glasshouses", min: 1, max: 12, sentence: (_n, v) => `There are ${v} glasshouses on the grounds.` },
    list: {
      key: "collections",
      label: "collections",
      pool: [
        "alpine plants",
        "tree ferns",
        "water lilies",
        "medicinal herbs",
        "conifers",
        "orchids",
        "cacti and succulents",
        "heritage roses",
        "carnivorous plants",
        "bamboo",
      ],
      sentence: (n, items) => `The collections of ${n} are known for ${items}.`,
    },
    events: ["Great Frost", "Flood", "Reopening", "Seed Bank Fire"],
    eventFigure: {
      key: "plants_lost",
      ask: "how many plants were lost or moved",
      min: 30,
      max: 6000,
      sentence: (v) => `About ${v} plants were lost or moved.`,
    },
    fillers: [
      "Guided walks start from the main gate every morning.",
      "A seed exchange links the garden with collections abroad.",
      "The palm house is heated through the winter months.",
    ],
  },
  {
    key: "bridges",
    topic: "Science > Engineering > Bridges",
    singular: "bridge",
    plural: "bridges",
    nameSuffixes: ["Bridge", "Viaduct", "Crossing"],
    regionWord: "Valley",
    role: "engineer",
    byPhrase: "engineered by",
    professions: ["civil engineer", "structural engineer", "railway engineer"],
    builtVerb: "completed",
    openedVerb: "opened to traffic",
    measure: {
      key: "span_m",
      label: "main span (m)",
      min: 40,
      max: 900,
      sentence: (n, v) => `The main span of ${n} measures ${v} metres.`,
    },
    count: { key: "arches", label: "arches", min: 1, max: 24, sentence: (_n, v) => `The structure rests on ${v} arches.` },
    list: {
      key: "materials",
      label: "materials",
      pool: ["wrought iron", "sandstone", "reinforced concrete", "granite", "steel cables", "brick", "timber piles", "cast iron"],
      sentence: (n, items) => `${n} was built of ${items}.`,
    },
    events: ["Flood", "Partial Collapse", "Widening", "Strengthening Works"],
    eventFigure: {
      key: "closed_days",
      ask: "for how many days the crossing was closed",
      min: 3,
      max: 900,
      sentence: (v) => `The crossing was closed for ${v} days.`,
    },
    fillers: [
      "A footpath runs along the downstream side of the deck.",
      "The crossing replaced an older ferry.",
      "Its piers were founded on bedrock below the river gravels.",
    ],
  },
  {
    key: "museums",
    topic: "Arts & Entertainment > Museums",
    singular: "museum",
    plural: "museums",
    nameSuffixes: ["Museum", "Gallery", "Museum of History"],
    regionWord: "County",
    role: "architect",
    byPhrase: "designed by",
    professions: ["architect", "museum architect", "restoration architect"],
    builtVerb: "founded",
    openedVerb: "opened its doors",
    measure: {
      key: "floor_area_m2",
      label: "floor area (m²)",
      min: 800,
      max: 42000,
      sentence: (n, v) => `The galleries of ${n} occupy ${v} square metres.`,
    },
    count: {
      key: "visitors",
      label: "annual visitors",
      min: 5000,
      max: 900000,
      sentence: (_n, v) => `It receives about ${v} visitors a year.`,
    },
    list: {
      key: "collections",
      label: "collections",
      pool: [
        "maritime charts",
        "folk costumes",
        "bronze age tools",
        "clockwork automata",
        "landscape paintings",
        "coins and medals",
        "textiles",
        "scientific instruments",
        "photographs",
        "ceramics",
      ],
      sentence: (n, items) => `The holdings of ${n} include ${items}.`,
    },
    events: ["Fire", "Theft", "Extension", "Flood"],
    eventFigure: {
      key: "objects_affected",
      ask: "how many objects were affected",
      min: 10,
      max: 4000,
      sentence: (v) => `Some ${v} objects were affected.`,
    },
    fillers: [
      "Admission is free on the first Sunday of each month.",
      "A reading room is open to researchers by appointment.",
      "Temporary exhibitions are shown in the east wing.",
    ],
  },
];
