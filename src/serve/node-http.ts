import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Answers a Node request with a standard fetch handler (the quote receiver), the way a serverless platform would:
 * the request body is streamed to the handler, and whatever it leaves unread is drained afterwards.
 */
export async function answerWith(
  handler: (request: Request) => Promise<Response>,
  request: IncomingMessage,
  response: ServerResponse,
  origin: string,
): Promise<void> {
  const answer = await handler(toRequest(request, origin));
  const body = Buffer.from(await answer.arrayBuffer());
  response.writeHead(answer.status, { ...Object.fromEntries(answer.headers), "Content-Length": body.byteLength });
  response.end(request.method === "HEAD" ? undefined : body);
  if (!request.readableEnded) request.resume();
}

// --- internal ---

function toRequest(request: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < request.rawHeaders.length; i += 2) headers.append(request.rawHeaders[i]!, request.rawHeaders[i + 1]!);
  const method = request.method ?? "GET";
  const init: RequestInit & { duplex?: "half" } = { method, headers };
  if (method !== "GET" && method !== "HEAD") {
    init.body = bodyOf(request);
    init.duplex = "half";
  }
  return new Request(new URL(request.url ?? "/", origin), init);
}

/**
 * The request body as a web stream. Cancelling it (a body too large) stops reading without destroying the
 * request, so the connection stays usable for the answer.
 */
function bodyOf(request: IncomingMessage): ReadableStream<Uint8Array> {
  let finished = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      request.on("data", (chunk: Buffer) => {
        if (finished) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) request.pause();
      });
      request.on("end", () => {
        if (!finished) controller.close();
        finished = true;
      });
      request.on("error", (error) => {
        if (!finished) controller.error(error);
        finished = true;
      });
    },
    pull() {
      request.resume();
    },
    cancel() {
      finished = true;
      request.resume();
    },
  });
}
