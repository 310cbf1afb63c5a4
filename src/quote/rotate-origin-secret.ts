import { randomBytes } from "node:crypto";
import { CloudFrontClient, GetDistributionConfigCommand, UpdateDistributionCommand } from "@aws-sdk/client-cloudfront";
import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from "@aws-sdk/client-secrets-manager";
import { originSecretCacheMs } from "./origin-secret";

/** What Secrets Manager sends a rotation function, once per step. */
export interface RotationEvent {
  SecretId: string;
  ClientRequestToken: string;
  Step: "createSecret" | "setSecret" | "testSecret" | "finishSecret";
}

export interface OriginSecretRotationOptions {
  secrets: Pick<SecretsManagerClient, "send">;
  cloudfront: Pick<CloudFrontClient, "send">;
  /** The distribution whose origins send the secret. */
  distributionId: string;
  /** The origin custom header that carries it (x-flightsite-origin-secret). */
  headerName: string;
  /** How long a stored new value waits before CloudFront gets it: longer than the intake's cache. */
  waitMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  newValue?: () => string;
  log?: (line: Record<string, unknown>) => void;
}

/**
 * The Secrets Manager rotation of the origin secret (the four steps of a rotation function). createSecret stores a new
 * random value as AWSPENDING; setSecret waits until every intake instance has had time to learn it, then puts it in
 * the distribution's origin header; testSecret checks the distribution holds it; finishSecret makes it AWSCURRENT
 * (the old value becomes AWSPREVIOUS). The intake accepts all three stages, so no request from CloudFront is refused
 * while its edges change over. Each step may run again after a failure and does nothing twice.
 */
export function createOriginSecretRotation({
  secrets,
  cloudfront,
  distributionId,
  headerName,
  waitMs = originSecretCacheMs + 15_000,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now = Date.now,
  newValue = () => randomBytes(36).toString("base64url"),
  log = (line) => console.log(JSON.stringify(line)),
}: OriginSecretRotationOptions) {
  const pendingValue = (secretId: string, token: string) =>
    secrets.send(new GetSecretValueCommand({ SecretId: secretId, VersionId: token, VersionStage: "AWSPENDING" }));

  const steps = {
    async createSecret(secretId: string, token: string) {
      await secrets.send(new GetSecretValueCommand({ SecretId: secretId, VersionStage: "AWSCURRENT" }));
      try {
        await pendingValue(secretId, token);
        return; // stored by an earlier try of this step
      } catch (error) {
        if ((error as Error).name !== "ResourceNotFoundException") throw error;
      }
      await secrets.send(new PutSecretValueCommand({ SecretId: secretId, ClientRequestToken: token, SecretString: newValue(), VersionStages: ["AWSPENDING"] }));
    },

    async setSecret(secretId: string, token: string) {
      const pending = await pendingValue(secretId, token);
      const storedAt = pending.CreatedDate?.getTime() ?? now();
      const wait = storedAt + waitMs - now();
      if (wait > 0) await sleep(wait);
      const { config, etag } = await distributionConfig();
      const origins = config.Origins?.Items ?? [];
      let changed = 0;
      for (const origin of origins) {
        for (const header of origin.CustomHeaders?.Items ?? []) {
          if (header.HeaderName?.toLowerCase() === headerName && header.HeaderValue !== pending.SecretString) {
            header.HeaderValue = pending.SecretString;
            changed++;
          }
        }
      }
      if (changed === 0) return;
      await cloudfront.send(new UpdateDistributionCommand({ Id: distributionId, IfMatch: etag, DistributionConfig: config }));
    },

    async testSecret(secretId: string, token: string) {
      const pending = await pendingValue(secretId, token);
      const { config } = await distributionConfig();
      const sent = (config.Origins?.Items ?? []).flatMap((origin) => origin.CustomHeaders?.Items ?? []).filter((h) => h.HeaderName?.toLowerCase() === headerName);
      if (sent.length === 0) throw new Error(`no origin of distribution ${distributionId} sends the ${headerName} header`);
      if (sent.some((h) => h.HeaderValue !== pending.SecretString)) {
        throw new Error(`distribution ${distributionId} does not send the new value of ${headerName} yet`);
      }
    },

    async finishSecret(secretId: string, token: string) {
      const described = await secrets.send(new DescribeSecretCommand({ SecretId: secretId }));
      const current = Object.entries(described.VersionIdsToStages ?? {}).find(([, stages]) => stages.includes("AWSCURRENT"))?.[0];
      if (current === token) return;
      await secrets.send(
        new UpdateSecretVersionStageCommand({ SecretId: secretId, VersionStage: "AWSCURRENT", MoveToVersionId: token, RemoveFromVersionId: current }),
      );
    },
  };

  const distributionConfig = async () => {
    const answer = await cloudfront.send(new GetDistributionConfigCommand({ Id: distributionId }));
    if (!answer.DistributionConfig || !answer.ETag) throw new Error(`distribution ${distributionId} returned no configuration`);
    return { config: answer.DistributionConfig, etag: answer.ETag };
  };

  return async (event: RotationEvent): Promise<void> => {
    const { SecretId: secretId, ClientRequestToken: token, Step: step } = event;
    if (!(step in steps)) throw new Error(`unknown rotation step "${step}"`);
    const described = await secrets.send(new DescribeSecretCommand({ SecretId: secretId }));
    if (described.RotationEnabled === false) throw new Error(`rotation is not enabled on ${secretId}`);
    const stages = described.VersionIdsToStages?.[token];
    if (!stages) throw new Error(`version ${token} of ${secretId} does not exist`);
    if (stages.includes("AWSCURRENT")) return; // this rotation finished already
    if (!stages.includes("AWSPENDING")) throw new Error(`version ${token} of ${secretId} is not AWSPENDING`);
    await steps[step](secretId, token);
    log({ step, outcome: "done" });
  };
}

/** The Lambda handler: the distribution from DISTRIBUTION_ID, the clients made on the first call. */
export const handler = (() => {
  let rotate: ((event: RotationEvent) => Promise<void>) | undefined;
  return (event: RotationEvent) => {
    const distributionId = process.env.DISTRIBUTION_ID;
    if (!distributionId) throw new Error("DISTRIBUTION_ID is not set; set it to the distribution whose origin header carries the secret");
    // Timeouts well under the function's, so a hung call fails the step (Secrets Manager retries it) instead of the function.
    const timeouts = { requestHandler: { connectionTimeout: 3_000, requestTimeout: 20_000 } };
    rotate ??= createOriginSecretRotation({
      secrets: new SecretsManagerClient(timeouts),
      cloudfront: new CloudFrontClient(timeouts),
      distributionId,
      headerName: process.env.ORIGIN_SECRET_HEADER ?? "x-flightsite-origin-secret",
    });
    return rotate(event);
  };
})();
