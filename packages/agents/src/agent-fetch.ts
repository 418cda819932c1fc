import { sdkFetch, type SdkFetchOptions } from "@arena/net";
import { AgentCallError } from "./answer";

/**
 * What a provider's JSON body may hold, checked while it streams in, before the SDK parses it on
 * the event loop. Parsing cost follows the number of values, not the bytes: 5 MB of nested
 * brackets takes JSON.parse seconds (and any recursive walk over it overflows the stack), and so
 * do millions of tiny arrays. Real answers nest about ten levels (a tool call's input a few more)
 * and hold tens of thousands of values; long texts are single strings.
 */
export const JSON_LIMITS = {
  /** Nesting of arrays and objects. */
  depth: 100,
  /** Arrays and objects in the whole body. */
  containers: 200_000,
  /** Values in arrays and members of objects (counted by their separators). */
  values: 1_000_000,
} as const;

/**
 * The guarded fetch for a provider SDK (address guard, time limit, size cap: `sdkFetch`), with
 * the body's shape checked while it streams in: past JSON_LIMITS the body errors before the SDK
 * parses it, and the call fails `malformed` (an error while reading a body is not retried).
 */
export function agentFetch(options: SdkFetchOptions): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  const inner = sdkFetch(options);
  return async (input, init) => {
    const res = await inner(input, init);
    if (!res.body) return res;
    const checked = new Response(res.body.pipeThrough(shapeGuard()), {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
    });
    Object.defineProperty(checked, "url", { value: res.url });
    return checked;
  };
}

const [QUOTE, BACKSLASH, OPEN_ARRAY, OPEN_OBJECT, CLOSE_ARRAY, CLOSE_OBJECT, COMMA] = [0x22, 0x5c, 0x5b, 0x7b, 0x5d, 0x7d, 0x2c];

/**
 * Counts JSON nesting, containers and separators outside strings, one pass over the bytes fed to
 * it, chunk by chunk (UTF-8 continuation bytes are never ASCII, so bytes can be read one by one).
 * `feed` returns what is wrong once a limit is passed. A body that is not JSON passes, for the
 * parser to refuse.
 */
export class JsonShape {
  private depth = 0;
  private containers = 0;
  private values = 0;
  private inString = false;
  private escaped = false;

  feed(chunk: Uint8Array): string | null {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === BACKSLASH) this.escaped = true;
        else if (b === QUOTE) this.inString = false;
      } else if (b === QUOTE) {
        this.inString = true;
      } else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
        if (++this.depth > JSON_LIMITS.depth) return `nests deeper than ${JSON_LIMITS.depth} levels`;
        if (++this.containers > JSON_LIMITS.containers) return `holds more than ${JSON_LIMITS.containers} arrays and objects`;
      } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) {
        this.depth--;
      } else if (b === COMMA && ++this.values > JSON_LIMITS.values) {
        return `holds more than ${JSON_LIMITS.values} values`;
      }
    }
    return null;
  }
}

/** What is wrong with a whole body's JSON shape (see JSON_LIMITS), as an agent error to throw; null when nothing. */
export function jsonShapeError(body: Uint8Array): AgentCallError | null {
  const problem = new JsonShape().feed(body);
  return problem ? new AgentCallError("malformed", `the answer's JSON ${problem}`) : null;
}

/** Passes a body's bytes through, erroring the stream once its shape passes a limit. */
function shapeGuard(): TransformStream<Uint8Array, Uint8Array> {
  const shape = new JsonShape();
  return new TransformStream({
    transform(chunk, controller) {
      const problem = shape.feed(chunk);
      if (problem) controller.error(new AgentCallError("malformed", `the answer's JSON ${problem}`));
      else controller.enqueue(chunk);
    },
  });
}
