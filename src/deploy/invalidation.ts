import { CreateInvalidationCommand, type CloudFrontClient } from "@aws-sdk/client-cloudfront";
import { isContentHashed } from "./plan";

/** Past this many paths one invalidation of everything ("/*") is cheaper and as quick. */
export const invalidateEverythingFrom = 100;

/**
 * The URL paths CloudFront must forget after a deploy: every uploaded or deleted file at a fixed address (a
 * content-hashed asset gets a new name instead), a page under both the addresses it is reached by (`/naples/` and
 * `/naples/index.html`); or just "/*" when there would be `invalidateEverythingFrom` paths or more.
 */
export function pathsToInvalidate(changed: string[]): string[] {
  const paths = changed.filter((file) => !isContentHashed(file)).flatMap(urlPathsOf);
  if (paths.length >= invalidateEverythingFrom) return ["/*"];
  return [...new Set(paths)].sort();
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

// --- internal ---

function urlPathsOf(file: string): string[] {
  if (file === "index.html") return ["/", "/index.html"];
  if (file.endsWith("/index.html")) return [`/${file.slice(0, -"index.html".length)}`, `/${file}`];
  return [`/${file}`];
}
