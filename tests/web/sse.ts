/** A minimal server-sent events reader for tests: yields the `data:` payload of each message, skipping comments. */
export interface EventStream {
  response: Response;
  /** Resolves once the server's opening comment arrived (its subscription is live). */
  opened: Promise<void>;
  /** Parsed `data:` payloads received so far. */
  messages: unknown[];
  /** Resolves with the messages once `until` holds for one of them. */
  waitFor(until: (message: unknown) => boolean, timeoutMs?: number): Promise<unknown[]>;
  close(): void;
}

export async function openEventStream(url: string): Promise<EventStream> {
  const abort = new AbortController();
  const response = await fetch(url, { signal: abort.signal, headers: { accept: "text/event-stream" } });
  const messages: unknown[] = [];
  const waiters: (() => void)[] = [];
  let openedResolve!: () => void;
  const opened = new Promise<void>((r) => (openedResolve = r));
  const notify = () => {
    for (const w of waiters.splice(0)) w();
  };

  void (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.includes(": connected")) openedResolve();
        const data = block
          .split("\n")
          .filter((l) => l.startsWith("data: "))
          .map((l) => l.slice(6))
          .join("\n");
        if (data) messages.push(JSON.parse(data));
      }
      notify();
    }
  })();

  return {
    response,
    opened,
    messages,
    waitFor: (until, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(messages)}`)),
          timeoutMs,
        );
        const check = () => {
          if (messages.some(until)) {
            clearTimeout(timer);
            resolve([...messages]);
          } else waiters.push(check);
        };
        check();
      }),
    close: () => abort.abort(),
  };
}
