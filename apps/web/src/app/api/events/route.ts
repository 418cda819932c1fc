import { handle, queryParams } from "@/lib/api/http";
import { listen, passes } from "@/lib/api/events";
import { API_ROUTES } from "@/lib/api/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const HEARTBEAT_MS = 15_000;
/** How long a new stream waits for the process's first subscription before answering anyway. */
const SUBSCRIBE_WAIT_MS = 3_000;

const encoder = new TextEncoder();
// `retry` tells EventSource how soon to reconnect; the comment flushes the headers at once.
const OPENING = encoder.encode("retry: 2000\n: connected\n\n");
const HEARTBEAT = encoder.encode(": heartbeat\n\n");

const HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform also keeps Next's gzip from buffering the stream.
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
  Connection: "keep-alive",
};

/** Live arena events, filtered by tournament and/or match, from the process's one Redis subscriber. */
export function GET(request: Request): Promise<Response> {
  return handle(async () => {
    const filter = queryParams(request, API_ROUTES.events.query);
    let stop = () => {};
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        const send = (bytes: Uint8Array) => {
          try {
            controller.enqueue(bytes);
          } catch {
            stop(); // the stream closed under us
          }
        };
        const subscription = listen((event, message) => {
          if (passes(filter, event)) send(message);
        });
        const heartbeat = setInterval(() => send(HEARTBEAT), HEARTBEAT_MS);
        stop = () => {
          clearInterval(heartbeat);
          subscription.stop();
          request.signal.removeEventListener("abort", stop);
          try {
            controller.close();
          } catch {
            // already closed
          }
        };
        request.signal.addEventListener("abort", stop, { once: true });
        if (request.signal.aborted) return stop();
        await Promise.race([subscription.ready.catch(() => undefined), new Promise((r) => setTimeout(r, SUBSCRIBE_WAIT_MS))]);
        send(OPENING);
      },
      cancel() {
        stop();
      },
    });
    return new Response(stream, { headers: HEADERS });
  });
}
