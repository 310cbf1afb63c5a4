// A real S3 protocol server (s3rver) on 127.0.0.1 for the deploy tests, and an S3 client with fake credentials for it.
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

export interface S3Server {
  endpoint: string;
  /** Stops the server (the stored objects stay, for a server started again on the same folder). */
  stop(): Promise<void>;
  /** Starts the server again on the same port and folder. */
  start(): Promise<void>;
  /** Lets `puts` more uploads (writes of the deploy lock not counted) through, then stops the server as if the network went away; resolves once stopped. */
  stopAfterUploads(puts: number): Promise<void>;
  /** Answers the next `puts` uploads with 503 SlowDown, as S3 does when it throttles. */
  throttleUploads(puts: number): void;
  /** Stops the server for good and removes its folder. */
  close(): Promise<void>;
}

/** Starts s3rver on a free port of 127.0.0.1 with an empty bucket named `bucket`, keeping its objects in a temp folder. */
export async function startS3Server(bucket: string): Promise<S3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "flightsite-s3-"));
  let port = 0;
  let server: S3rver | undefined;
  let stopping: { puts: number; stopped: () => void } | undefined;
  let throttled = 0;
  const start = async () => {
    server = new S3rver({ address: "127.0.0.1", port, directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
    // First in Koa's chain: cuts the connection of the upload past the allowed count, then stops the server.
    (server as unknown as { middleware: unknown[] }).middleware.unshift(async (ctx: MiddlewareContext, next: () => Promise<void>) => {
      if (throttled > 0 && ctx.method === "PUT") {
        throttled--;
        ctx.status = 503;
        ctx.type = "application/xml";
        ctx.body = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>';
        return;
      }
      // Writes of the deploy lock (taken, renewed, checked) are not uploads of the site: they are not counted.
      if (stopping && ctx.method === "PUT" && !ctx.path.endsWith("/.deploy-lock.json") && stopping.puts-- <= 0) {
        const { stopped } = stopping;
        stopping = undefined;
        ctx.req.socket.destroy();
        void stop().then(stopped);
        return;
      }
      await next();
    });
    const address = (await server.run()) as AddressInfo;
    port = address.port;
  };
  const stop = async () => {
    const running = server;
    server = undefined;
    if (!running) return;
    // Close the connections a keep-alive client still holds, or close() waits for them.
    (running as unknown as { httpServer: { closeAllConnections(): void } }).httpServer.closeAllConnections();
    await running.close();
  };
  await start();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    start,
    stop,
    throttleUploads: (puts) => void (throttled = puts),
    stopAfterUploads: (puts) => new Promise((stopped) => void (stopping = { puts, stopped })),
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

interface MiddlewareContext {
  method: string;
  path: string;
  status: number;
  type: string;
  body: unknown;
  req: { socket: { destroy(): void } };
}

/** An S3 client for the test server: path-style addresses, fake static credentials, no retries to wait for. */
export function testS3Client(endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    maxAttempts: 1,
  });
}
