// Reads a Server-Sent Events stream the way a page's EventSource does, for tests of `serve --watch`.

export interface ReceivedEvent {
  type: string;
  data: Record<string, unknown>;
}

export interface EventStream {
  /** Forgets every event received so far. */
  clear(): void;
  /** The first event of `type` not taken yet, waiting up to `timeoutMs` for it to arrive. */
  take(type: string, timeoutMs?: number): Promise<ReceivedEvent>;
  close(): void;
}

export async function openEventStream(url: string): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal, headers: { Accept: "text/event-stream" } });
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
  let received: ReceivedEvent[] = [];
  let notify = () => {};
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const type = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (type) received.push({ type, data: data ? (JSON.parse(data) as Record<string, unknown>) : {} });
      }
      notify();
    }
  })().catch(() => {});

  return {
    clear() {
      received = [];
    },
    async take(type, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = received.findIndex((event) => event.type === type);
        if (index !== -1) return received.splice(index, 1)[0]!;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no "${type}" event within ${timeoutMs} ms; received: ${JSON.stringify(received)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          notify = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    close() {
      controller.abort();
    },
  };
}
