/** Small text helpers for the built-in agents (sentences and word limits come from core). */

const STOPWORDS = new Set(
  (
    "a about above after again against all also am an and any are as at be because been before being below between both but by " +
    "can could did do does doing down during each few for from further had has have having he her here hers him his how i if in " +
    "into is it its itself just me more most my no nor not now of off on once only or other our ours out over own same she should " +
    "so some such than that the their theirs them then there these they this those through to too under until up very was we were " +
    "what when where which while who whom why will with would you your yours " +
    // question scaffolding words that carry no topic
    "answer describe detail details explain give identify list mention name named provide specific specify state tell words " +
    "length include including including based according known called following one two three many much well"
  ).split(/\s+/),
);

/** Lower-cased content words (letters/digits, length ≥ 3 or numeric), stopwords removed, in order. */
export function contentTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  return words
    .map((w) => w.replace(/['’]s$/, "").replace(/^-+|-+$/g, ""))
    .filter((w) => (w.length >= 3 || /^\d+$/.test(w)) && !STOPWORDS.has(w));
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Whether a sentence carries the kind of fact questions ask for: numbers, dates, proper names. */
export function factSignal(sentence: string): number {
  let s = 0;
  if (/\d/.test(sentence)) s += 1;
  if (/\b(1[5-9]|20)\d{2}\b/.test(sentence)) s += 0.5;
  const names = sentence.slice(1).match(/\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*/g) ?? [];
  if (names.length) s += Math.min(1, names.length * 0.25);
  return s;
}
