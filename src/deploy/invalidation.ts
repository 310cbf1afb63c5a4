import { CreateInvalidationCommand, GetInvalidationCommand, type CloudFrontClient } from "@aws-sdk/client-cloudfront";
import { isContentHashed } from "./plan";

/** Past this many paths one invalidation of everything ("/*") is cheaper and as quick. */
export const invalidateEverythingFrom = 100;

/**
 * The URL paths CloudFront must forget after a deploy: every uploaded or deleted file at a fixed address (a
 * content-hashed asset gets a new name instead), a page under both the addresses it is reached by (`/naples/` and
 * `/naples/index.html`); or just "/*" when there would be `invalidateEverythingFrom` paths or more. Under a prefix
 * (`previews/pr-42/`) every path starts with it, and "everything" is `/previews/pr-42/*`.
 */
export function pathsToInvalidate(changed: string[], prefix = ""): string[] {
  const paths = changed.filter((file) => !isContentHashed(file)).flatMap((file) => urlPathsOf(prefix + file));
  if (paths.length >= invalidateEverythingFrom) return [`/${prefix}*`];
  return [...new Set(paths)].sort();
}

/** Paths to invalidate together: both lists at once, or one "everything" path when there would be too many. */
export function mergePaths(earlier: string[], later: string[], prefix = ""): string[] {
  const everything = `/${prefix}*`;
  const paths = [...new Set([...earlier, ...later])].sort();
  return paths.includes(everything) || paths.length >= invalidateEverythingFrom ? [everything] : paths;
}

/** Asks CloudFront for one invalidation of `paths`; returns its id. */
export async function invalidate(client: CloudFrontClient, distributionId: string, paths: string[]): Promise<string> {
  const result = await client.send(
    new CreateInvalidationCommand({
      DistributionId: distributionId,
      InvalidationBatch: {
        // Unique per request: CloudFront treats a repeated reference as the same invalidation.
        CallerReference: `flightsite-${Date.now()}-${paths.length}`,
        Paths: { Quantity: paths.length, Items: paths },
      },
    }),
  );
  return result.Invalidation?.Id ?? "";
}

export interface WaitOptions {
  /** Give up after this long; default 15 minutes. */
  timeoutSeconds?: number;
  /** Seconds between two GetInvalidation calls (a few, by default). */
  pollSeconds?: number;
}

/**
 * Resolves once CloudFront reports every one of the invalidations `ids` Completed (usually within minutes); rejects
 * when one is still in progress after the timeout. Polls GetInvalidation rather than using the SDK's waiter, whose
 * shortest interval is too slow for the tests to take it at its word.
 */
export async function waitForInvalidations(
  client: CloudFrontClient,
  distributionId: string,
  ids: string[],
  { timeoutSeconds = 15 * 60, pollSeconds = 10 }: WaitOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  let waiting = [...ids];
  for (;;) {
    const statuses = await Promise.all(
      waiting.map(async (id) => (await client.send(new GetInvalidationCommand({ DistributionId: distributionId, Id: id }))).Invalidation?.Status),
    );
    waiting = waiting.filter((_, index) => statuses[index] !== "Completed");
    if (waiting.length === 0) return;
    if (Date.now() + pollSeconds * 1000 > deadline) {
      const waited = timeoutSeconds >= 120 ? `${Math.round(timeoutSeconds / 60)} minutes` : `${timeoutSeconds} s`;
      throw new Error(`invalidation ${waiting.join(", ")} still in progress after ${waited}`);
    }
    await new Promise((resolve) => setTimeout(resolve, pollSeconds * 1000));
  }
}

// --- internal ---

function urlPathsOf(file: string): string[] {
  if (file === "index.html") return ["/", "/index.html"];
  if (file.endsWith("/index.html")) return [`/${file.slice(0, -"index.html".length)}`, `/${file}`];
  return [`/${file}`];
}
