import type { Rng } from "@arena/core";

/** Integer in [min, max], both inclusive (core's Rng.int is [0, n)). */
export function between(rng: Rng, min: number, max: number): number {
  return min + rng.int(max - min + 1);
}

const ONSETS = [
  "b",
  "br",
  "c",
  "d",
  "dr",
  "f",
  "g",
  "gr",
  "h",
  "k",
  "kr",
  "l",
  "m",
  "n",
  "p",
  "r",
  "s",
  "sh",
  "st",
  "t",
  "th",
  "tr",
  "v",
  "w",
  "z",
];
const VOWELS = ["a", "e", "i", "o", "u", "ae", "ei", "ou", "ia", "y"];
const CODAS = ["", "", "n", "r", "l", "s", "th", "m", "nd", "rk", "st", "ck", "v"];

function syllables(rng: Rng, min: number, max: number): string {
  let word = "";
  const n = between(rng, min, max);
  for (let i = 0; i < n; i++) word += rng.pick(ONSETS) + rng.pick(VOWELS) + (i === n - 1 ? rng.pick(CODAS) : "");
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * Invented names, unique within one world: agents cannot answer from memory, and every name
 * points to exactly one page.
 */
export class NameBook {
  private readonly used = new Set<string>();

  constructor(private readonly rng: Rng) {}

  private unique(make: () => string): string {
    for (;;) {
      const name = make();
      if (!this.used.has(name)) {
        this.used.add(name);
        return name;
      }
    }
  }

  word(): string {
    return this.unique(() => syllables(this.rng, 2, 3));
  }

  country(): string {
    return this.unique(() => syllables(this.rng, 2, 2) + this.rng.pick(["ia", "land", "mark", "ora", "avia"]));
  }

  town(): string {
    return this.unique(() => syllables(this.rng, 1, 2) + this.rng.pick(["ford", "haven", "by", "wick", "mouth", "stead", "holm", "port"]));
  }

  person(): { given: string; family: string } {
    let given = "";
    const family = this.unique(() => {
      given = syllables(this.rng, 2, 2);
      return `${given} ${syllables(this.rng, 2, 3)}`;
    }).split(" ")[1]!;
    return { given, family };
  }
}

/** URL path segment for a name: lower case ASCII words joined by hyphens. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
