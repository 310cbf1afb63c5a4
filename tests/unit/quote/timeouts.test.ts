// Issue 25: every AWS client of the quote functions gives up on a silent S3 or SES well before the function's own
// timeout, so the function answers (503, a failed record) instead of being stopped mid-way.
import { createServer, type Server, type Socket } from "node:net";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { SendEmailCommand } from "@aws-sdk/client-sesv2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Client, createSesClient, longestCallMs, s3Timeouts, sesTimeouts } from "../../../src/quote/aws";
import { INTAKE_STORE_DEADLINE_MS } from "../../../src/quote/lambda";
import { FAKE_AWS_ENV } from "../support/quotes-bucket";

/** The intake's Lambda timeout (infra/): under the form's own 10 s, so the visitor hears from the function. */
const INTAKE_FUNCTION_TIMEOUT_MS = 8000;

let server: Server;
let endpoint: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  // Accepts every connection and never answers: S3 or SES hanging.
  server = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  for (const [name, value] of Object.entries(FAKE_AWS_ENV)) process.env[name] ??= value;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

describe("the quote functions' AWS clients", () => {
  it("bound every call, with every attempt, well under the intake's 8 s", () => {
    expect(s3Timeouts).toEqual({ connectionTimeout: 1000, requestTimeout: 2000, maxAttempts: 2 });
    expect(sesTimeouts, "one attempt: a send that timed out may have gone, and a retry would mail twice").toEqual({ connectionTimeout: 1000, requestTimeout: 5000, maxAttempts: 1 });
    expect(longestCallMs(s3Timeouts)).toBeLessThan(INTAKE_FUNCTION_TIMEOUT_MS);
    expect(INTAKE_STORE_DEADLINE_MS).toBeLessThan(INTAKE_FUNCTION_TIMEOUT_MS);
  });

  it("give up on an S3 that never answers after the request timeout of each of its attempts, not never", async () => {
    const client = createS3Client(endpoint);
    const started = Date.now();
    const error = await client.send(new PutObjectCommand({ Bucket: "quotes", Key: "quotes/x.json", Body: "{}", IfNoneMatch: "*" })).catch((e: unknown) => e);
    const took = Date.now() - started;
    expect(error).toMatchObject({ name: "TimeoutError" });
    expect(took).toBeGreaterThanOrEqual(s3Timeouts.maxAttempts * s3Timeouts.requestTimeout - 100);
    expect(took).toBeLessThan(longestCallMs(s3Timeouts));
    const handler = client.config.requestHandler as unknown as { httpHandlerConfigs(): Record<string, unknown> };
    expect(handler.httpHandlerConfigs()).toMatchObject({ connectionTimeout: 1000, requestTimeout: 2000, throwOnRequestTimeout: true });
    client.destroy();
  }, 15_000);

  it("give up on an SES that never answers after one request timeout", async () => {
    const client = createSesClient(sesTimeouts, endpoint);
    const started = Date.now();
    const send = new SendEmailCommand({ FromEmailAddress: "q@example.org", Destination: { ToAddresses: ["c@example.org"] }, Content: { Simple: { Subject: { Data: "s" }, Body: { Text: { Data: "t" } } } } });
    const error = await client.send(send).catch((e: unknown) => e);
    const took = Date.now() - started;
    expect(error).toMatchObject({ name: "TimeoutError" });
    expect(took).toBeGreaterThanOrEqual(sesTimeouts.requestTimeout - 100);
    expect(took).toBeLessThan(longestCallMs(sesTimeouts));
    const handler = client.config.requestHandler as unknown as { httpHandlerConfigs(): Record<string, unknown> };
    expect(handler.httpHandlerConfigs()).toMatchObject({ connectionTimeout: 1000, requestTimeout: 5000, throwOnRequestTimeout: true });
    client.destroy();
  }, 15_000);
});
