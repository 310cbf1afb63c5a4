// The intake's check of the header CloudFront sends (issue 25): the origin secret's current, pending and previous
// values are accepted, fetched from Secrets Manager at most once per cache period.
import { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { mockClient } from "aws-sdk-client-mock";
import fc from "fast-check";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createOriginSecretCheck } from "../../../src/quote/origin-secret";

const secretId = "arn:aws:secretsmanager:us-east-1:123456789012:secret:origin-AbCdEf";
const secrets = mockClient(SecretsManagerClient);
// Restored after the file: other test files run in the same process (vitest.config.ts, isolate: false).
afterAll(() => secrets.restore());
const notFound = () => new ResourceNotFoundException({ message: "no such version", $metadata: {} });

function stages(values: Partial<Record<"AWSCURRENT" | "AWSPENDING" | "AWSPREVIOUS", string>>) {
  secrets.reset();
  for (const stage of ["AWSCURRENT", "AWSPENDING", "AWSPREVIOUS"] as const) {
    const value = values[stage];
    const call = secrets.on(GetSecretValueCommand, { SecretId: secretId, VersionStage: stage });
    if (value === undefined) call.rejects(notFound());
    else call.resolves({ SecretString: value });
  }
}

function check(ttlMs = 60_000) {
  let time = 1_000_000;
  const clock = { advance: (ms: number) => (time += ms) };
  const accepts = createOriginSecretCheck({ client: new SecretsManagerClient({ region: "us-east-1" }), secretId, ttlMs, now: () => time });
  return { accepts, clock };
}

describe("the origin secret check", () => {
  beforeEach(() => stages({ AWSCURRENT: "current-value" }));

  it("accepts the current value and refuses any other, or none, without asking again within the cache period", async () => {
    const { accepts } = check();
    expect(await accepts("current-value")).toBe(true);
    expect(await accepts("current-valuE")).toBe(false);
    expect(await accepts("current-value-and-more")).toBe(false);
    expect(await accepts("")).toBe(false);
    expect(await accepts(undefined)).toBe(false);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(3); // one fetch: the three stages
  });

  it("accepts the pending and previous values while a rotation runs and its change spreads through CloudFront", async () => {
    stages({ AWSCURRENT: "old", AWSPENDING: "new" });
    const during = check();
    expect(await during.accepts("old")).toBe(true);
    expect(await during.accepts("new")).toBe(true);
    stages({ AWSCURRENT: "new", AWSPREVIOUS: "old" });
    const after = check();
    expect(await after.accepts("old")).toBe(true);
    expect(await after.accepts("new")).toBe(true);
    expect(await after.accepts("older")).toBe(false);
  });

  it("learns a new value once the cache period has passed", async () => {
    const { accepts, clock } = check(60_000);
    expect(await accepts("rotated")).toBe(false);
    stages({ AWSCURRENT: "current-value", AWSPENDING: "rotated" });
    clock.advance(59_000);
    expect(await accepts("rotated"), "still within the period").toBe(false);
    clock.advance(2_000);
    expect(await accepts("rotated")).toBe(true);
  });

  it("asks Secrets Manager once for many requests arriving together", async () => {
    const { accepts } = check();
    const answers = await Promise.all(Array.from({ length: 20 }, () => accepts("current-value")));
    expect(answers.every(Boolean)).toBe(true);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(3);
  });

  it("keeps using the last values while Secrets Manager fails, and throws when it never answered", async () => {
    const { accepts, clock } = check(60_000);
    expect(await accepts("current-value")).toBe(true);
    secrets.reset();
    secrets.on(GetSecretValueCommand).rejects(new Error("ThrottlingException"));
    clock.advance(61_000);
    expect(await accepts("current-value")).toBe(true);
    expect(await accepts("other")).toBe(false);
    expect(secrets.commandCalls(GetSecretValueCommand).length, "not asked again at once after a failure").toBe(3);

    const fresh = check();
    await expect(fresh.accepts("current-value")).rejects.toThrow("ThrottlingException");
  });

  it("accepts exactly the values the three stages hold, whatever they are", async () => {
    const value = fc.string({ minLength: 1, maxLength: 64 });
    await fc.assert(
      fc.asyncProperty(
        fc.record({ AWSCURRENT: value, AWSPENDING: fc.option(value, { nil: undefined }), AWSPREVIOUS: fc.option(value, { nil: undefined }) }),
        fc.nat(3),
        fc.string({ maxLength: 64 }),
        async (values, pick, other) => {
          stages(values);
          const held = [values.AWSCURRENT, values.AWSPENDING, values.AWSPREVIOUS];
          const header = pick < 3 && held[pick] !== undefined ? held[pick] : other;
          expect(await check().accepts(header)).toBe(held.includes(header) && header !== "");
        },
      ),
      { numRuns: 200 },
    );
  });

  it("throws when the secret has no current value, rather than accepting anything", async () => {
    stages({});
    await expect(check().accepts("anything")).rejects.toThrow("no such version");
  });
});
