import { createHash, timingSafeEqual } from "node:crypto";
import { GetSecretValueCommand, ResourceNotFoundException, type SecretsManagerClient } from "@aws-sdk/client-secrets-manager";

/**
 * How long the intake keeps the secret's values before asking Secrets Manager again. The rotation function
 * (rotate-origin-secret.ts) waits longer than this between storing a new value and giving it to CloudFront, so no
 * instance can still hold a list without the value CloudFront starts to send.
 */
export const originSecretCacheMs = 60_000;

/** The stages of the origin secret that CloudFront may be sending while a rotation runs or its change spreads. */
export const acceptedStages = ["AWSCURRENT", "AWSPENDING", "AWSPREVIOUS"] as const;

export interface OriginSecretCheckOptions {
  /** A Secrets Manager client; give it connect and request timeouts below the function's own. */
  client: Pick<SecretsManagerClient, "send">;
  /** The secret's ARN (the intake's ORIGIN_SECRET_ARN). */
  secretId: string;
  /** How long fetched values are trusted; default originSecretCacheMs. */
  ttlMs?: number;
  /** The clock, for tests. */
  now?: () => number;
}

/**
 * A check of the x-flightsite-origin-secret header against the origin secret's current, pending and previous values
 * (CloudFront's edges take minutes to change over, and a rotation stores the new value before CloudFront sends it).
 * The values are fetched at most once per ttlMs by concurrent callers together; a header that is missing or empty is
 * refused without a fetch. When Secrets Manager fails, the last values fetched are used until it answers again; with
 * none yet, the error is thrown (the caller answers 503: a quote refused for our fault must be sent again, not lost).
 */
export function createOriginSecretCheck({ client, secretId, ttlMs = originSecretCacheMs, now = Date.now }: OriginSecretCheckOptions) {
  let known: { values: Buffer[]; fetchedAt: number } | undefined;
  let fetching: Promise<Buffer[]> | undefined;

  const fetchValues = async (): Promise<Buffer[]> => {
    const values = await Promise.all(acceptedStages.map((stage) => stageValue(client, secretId, stage)));
    const present = values.filter((value): value is string => value !== undefined && value !== "");
    if (present.length === 0) throw new Error(`the origin secret ${secretId} has no value in AWSCURRENT`);
    return present.map(digest);
  };

  const currentValues = async (): Promise<Buffer[]> => {
    if (known && now() - known.fetchedAt < ttlMs) return known.values;
    fetching ??= fetchValues().finally(() => (fetching = undefined));
    try {
      const values = await fetching;
      known = { values, fetchedAt: now() };
      return values;
    } catch (error) {
      if (!known) throw error;
      // Asked again a few seconds later rather than on every request while Secrets Manager is failing.
      known = { values: known.values, fetchedAt: now() - ttlMs + Math.min(ttlMs, retryAfterFailureMs) };
      return known.values;
    }
  };

  return async (headerValue: string | undefined): Promise<boolean> => {
    if (!headerValue) return false;
    const given = digest(headerValue);
    // Every value is compared, in constant time each, so the answer's timing says nothing about which one matched.
    return (await currentValues()).reduce((matched, value) => timingSafeEqual(given, value) || matched, false);
  };
}

// --- internal ---

const retryAfterFailureMs = 5_000;

// Digests of equal length, so timingSafeEqual never throws on a header of another length.
const digest = (text: string) => createHash("sha256").update(text).digest();

async function stageValue(client: OriginSecretCheckOptions["client"], secretId: string, stage: string): Promise<string | undefined> {
  try {
    const answer = await client.send(new GetSecretValueCommand({ SecretId: secretId, VersionStage: stage }));
    return answer.SecretString;
  } catch (error) {
    // AWSPENDING exists only during a rotation, AWSPREVIOUS only after the first one.
    if (stage !== "AWSCURRENT" && (error instanceof ResourceNotFoundException || (error as Error).name === "ResourceNotFoundException")) return undefined;
    throw error;
  }
}
