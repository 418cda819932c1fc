import { sdkFetch, type SdkFetchOptions } from "@arena/net";
import { AgentCallError } from "./answer";

/**
 * Deepest nesting of arrays and objects a provider's JSON body may have. Real answers nest about
 * ten levels (a tool call's input a few more); parsing cost grows with depth (a 5 MB body of
 * nested brackets takes JSON.parse seconds, and any recursive walk over it overflows the stack).
 */
export const MAX_JSON_DEPTH = 100;

/**
 * The guarded fetch for a provider SDK (address guard, time limit, size cap: `sdkFetch`), with
 * the body's nesting checked while it streams in: past MAX_JSON_DEPTH the body errors before the
 * SDK parses it, and the call fails `malformed` (an error while reading a body is not retried).
 */
export function agentFetch(options: SdkFetchOptions): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  const inner = sdkFetch(options);
  return async (input, init) => {
    const res = await inner(input, init);
    if (!res.body) return res;
    const checked = new Response(res.body.pipeThrough(depthGuard(MAX_JSON_DEPTH)), { status: res.status, statusText: res.statusText, headers: res.headers });
    Object.defineProperty(checked, "url", { value: res.url });
    return checked;
  };
}

const [QUOTE, BACKSLASH, OPEN_ARRAY, OPEN_OBJECT, CLOSE_ARRAY, CLOSE_OBJECT] = [0x22, 0x5c, 0x5b, 0x7b, 0x5d, 0x7d];

/**
 * Passes bytes through while counting JSON nesting outside strings, one pass over the bytes (UTF-8
 * continuation bytes are never ASCII, so bytes can be read one by one). A body that is not JSON is
 * passed on unchanged for the SDK to refuse.
 */
function depthGuard(limit: number): TransformStream<Uint8Array, Uint8Array> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  return new TransformStream({
    transform(chunk, controller) {
      for (let i = 0; i < chunk.length; i++) {
        const b = chunk[i];
        if (inString) {
          if (escaped) escaped = false;
          else if (b === BACKSLASH) escaped = true;
          else if (b === QUOTE) inString = false;
        } else if (b === QUOTE) {
          inString = true;
        } else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
          if (++depth > limit) {
            controller.error(new AgentCallError("malformed", `the answer's JSON nests deeper than ${limit} levels`));
            return;
          }
        } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) {
          depth--;
        }
      }
      controller.enqueue(chunk);
    },
  });
}
