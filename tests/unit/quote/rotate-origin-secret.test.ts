// The origin secret's rotation (issue 25): a new value, CloudFront's origin header changed to it only after every
// intake instance can know it, then made current; each step safe to run again.
import { CloudFrontClient, GetDistributionConfigCommand, UpdateDistributionCommand, type DistributionConfig } from "@aws-sdk/client-cloudfront";
import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from "@aws-sdk/client-secrets-manager";
import { mockClient } from "aws-sdk-client-mock";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createOriginSecretRotation, type RotationEvent } from "../../../src/quote/rotate-origin-secret";

const secretId = "arn:aws:secretsmanager:us-east-1:123456789012:secret:origin-AbCdEf";
const token = "version-2";
const secrets = mockClient(SecretsManagerClient);
const cloudfront = mockClient(CloudFrontClient);
// Restored after the file: other test files run in the same process (vitest.config.ts, isolate: false).
afterAll(() => {
  secrets.restore();
  cloudfront.restore();
});
const header = "x-flightsite-origin-secret";

function configWith(value: string): DistributionConfig {
  return {
    CallerReference: "ref",
    Comment: "flightsite",
    Enabled: true,
    DefaultCacheBehavior: undefined as never,
    Origins: {
      Quantity: 2,
      Items: [
        { Id: "site", DomainName: "bucket.s3.amazonaws.com", CustomHeaders: { Quantity: 0, Items: [] } },
        { Id: "intake", DomainName: "abc.lambda-url.us-east-1.on.aws", CustomHeaders: { Quantity: 1, Items: [{ HeaderName: header, HeaderValue: value }] } },
      ],
    },
  };
}

function setUp({ stages = { "version-1": ["AWSCURRENT"], [token]: ["AWSPENDING"] } as Record<string, string[]>, pending = "new-value" as string | null } = {}) {
  secrets.reset();
  cloudfront.reset();
  secrets.on(DescribeSecretCommand).resolves({ RotationEnabled: true, VersionIdsToStages: stages });
  secrets.on(GetSecretValueCommand, { SecretId: secretId, VersionStage: "AWSCURRENT" }).resolves({ SecretString: "old-value" });
  const pendingCall = secrets.on(GetSecretValueCommand, { SecretId: secretId, VersionId: token, VersionStage: "AWSPENDING" });
  if (pending === null) pendingCall.rejects(new ResourceNotFoundException({ message: "no value", $metadata: {} }));
  else pendingCall.resolves({ SecretString: pending, CreatedDate: new Date(1_000_000) });
  cloudfront.on(GetDistributionConfigCommand).resolves({ ETag: "E1", DistributionConfig: configWith("old-value") });
  cloudfront.on(UpdateDistributionCommand).resolves({});
}

function rotation(time = 1_000_000) {
  const slept: number[] = [];
  const rotate = createOriginSecretRotation({
    secrets: new SecretsManagerClient({ region: "us-east-1" }),
    cloudfront: new CloudFrontClient({ region: "us-east-1" }),
    distributionId: "E2DIST",
    headerName: header,
    waitMs: 75_000,
    sleep: async (ms) => void slept.push(ms),
    now: () => time,
    newValue: () => "generated-value",
    log: () => {},
  });
  return { rotate: (step: RotationEvent["Step"]) => rotate({ SecretId: secretId, ClientRequestToken: token, Step: step }), slept };
}

describe("the origin secret's rotation", () => {
  beforeEach(() => setUp());

  it("createSecret stores a new random value as AWSPENDING, once", async () => {
    setUp({ pending: null });
    await rotation().rotate("createSecret");
    expect(secrets.commandCalls(PutSecretValueCommand).map((c) => c.args[0].input)).toEqual([
      { SecretId: secretId, ClientRequestToken: token, SecretString: "generated-value", VersionStages: ["AWSPENDING"] },
    ]);
    setUp();
    await rotation().rotate("createSecret");
    expect(secrets.commandCalls(PutSecretValueCommand), "a second try finds the value stored").toHaveLength(0);
  });

  it("setSecret waits out the intake's cache after the value was stored, then puts it in the origin header only", async () => {
    const { rotate, slept } = rotation(1_000_000 + 5_000);
    await rotate("setSecret");
    expect(slept).toEqual([70_000]);
    const update = cloudfront.commandCalls(UpdateDistributionCommand)[0]!.args[0].input;
    expect(update.Id).toBe("E2DIST");
    expect(update.IfMatch).toBe("E1");
    const origins = update.DistributionConfig!.Origins!.Items!;
    expect(origins[1]!.CustomHeaders!.Items).toEqual([{ HeaderName: header, HeaderValue: "new-value" }]);
    expect(origins[0]!.CustomHeaders!.Items).toEqual([]);
  });

  it("setSecret does not wait when the value was stored long enough ago, nor update a distribution that has it", async () => {
    cloudfront.on(GetDistributionConfigCommand).resolves({ ETag: "E2", DistributionConfig: configWith("new-value") });
    const { rotate, slept } = rotation(1_000_000 + 200_000);
    await rotate("setSecret");
    expect(slept).toEqual([]);
    expect(cloudfront.commandCalls(UpdateDistributionCommand)).toHaveLength(0);
  });

  it("testSecret fails until the distribution sends the new value", async () => {
    await expect(rotation().rotate("testSecret")).rejects.toThrow("distribution E2DIST does not send the new value of x-flightsite-origin-secret yet");
    cloudfront.on(GetDistributionConfigCommand).resolves({ ETag: "E2", DistributionConfig: configWith("new-value") });
    await expect(rotation().rotate("testSecret")).resolves.toBeUndefined();
  });

  it("finishSecret makes the new value current, the old one previous", async () => {
    await rotation().rotate("finishSecret");
    expect(secrets.commandCalls(UpdateSecretVersionStageCommand).map((c) => c.args[0].input)).toEqual([
      { SecretId: secretId, VersionStage: "AWSCURRENT", MoveToVersionId: token, RemoveFromVersionId: "version-1" },
    ]);
  });

  it("does nothing for a version that is current already, and refuses one that is not pending", async () => {
    setUp({ stages: { [token]: ["AWSCURRENT"] } });
    await rotation().rotate("finishSecret");
    expect(secrets.commandCalls(UpdateSecretVersionStageCommand)).toHaveLength(0);
    setUp({ stages: { "version-1": ["AWSCURRENT"], [token]: [] } });
    await expect(rotation().rotate("setSecret")).rejects.toThrow(`version ${token} of ${secretId} is not AWSPENDING`);
    expect(cloudfront.commandCalls(UpdateDistributionCommand)).toHaveLength(0);
  });
});
