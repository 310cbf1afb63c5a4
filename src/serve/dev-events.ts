import type { IncomingMessage, ServerResponse } from "node:http";

/** The events open pages receive from `serve --watch`, as Server-Sent Events. */
export type DevEvent =
  /** The site changed on disk: reload. */
  | { type: "reload" }
  /** The last rebuild failed: show `message` over the page (which is the last good build). */
  | { type: "problem"; message: string }
  /** The sources build again: take the message away. */
  | { type: "ok" };

/** The open pages' event streams. A page that connects while a rebuild has failed hears about it at once. */
export class DevEvents {
  #clients = new Set<ServerResponse>();
  #problem: string | undefined;

  /** Answers a request for the event stream and keeps it open until the page goes or close() is called. */
  connect(request: IncomingMessage, response: ServerResponse): void {
    response.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
    });
    // retry: how soon a page reconnects after the server restarts.
    response.write("retry: 1000\n\n");
    if (this.#problem !== undefined) response.write(encode({ type: "problem", message: this.#problem }));
    this.#clients.add(response);
    request.on("close", () => this.#clients.delete(response));
  }

  send(event: DevEvent): void {
    if (event.type === "problem") this.#problem = event.message;
    if (event.type === "ok") this.#problem = undefined;
    const text = encode(event);
    for (const client of this.#clients) client.write(text);
  }

  get problem(): string | undefined {
    return this.#problem;
  }

  /** Ends every open stream, so the server can close. */
  close(): void {
    for (const client of this.#clients) client.end();
    this.#clients.clear();
  }
}

// --- internal ---

function encode(event: DevEvent): string {
  const { type, ...data } = event;
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}
