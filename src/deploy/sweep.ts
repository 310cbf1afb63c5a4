import type { CloudFrontClient } from "@aws-sdk/client-cloudfront";
import type { S3Client } from "@aws-sdk/client-s3";
import { DeployError } from "../errors";
import { previewsFolder } from "./build-target";
import { listKeys } from "./bucket";
import { teardown } from "./teardown";

export interface SweepOptions {
  /** The previews' bucket. */
  bucket: string;
  s3: S3Client;
  distributionId?: string;
  cloudFront?: CloudFrontClient;
  /**
   * Whether pull request `number` is still open. A pull request GitHub cannot answer for is taken as open: a preview
   * is removed only when its pull request is known to be closed.
   */
  isOpen: (number: number) => Promise<boolean>;
  deployer?: string;
  log: (line: string) => void;
}

/**
 * Removes the previews whose pull request is closed: those the preview workflow's own teardown missed (a pull request
 * closed while it had merge conflicts gets no pull_request event, a cancelled run, a failed teardown). Each preview is
 * torn down under its own lock; one being deployed right now is left for the next sweep. Returns the removed prefixes.
 */
export async function sweepPreviews(options: SweepOptions): Promise<string[]> {
  const keys = await listKeys({ client: options.s3, name: options.bucket, prefix: previewsFolder });
  const numbers = [...new Set(keys.flatMap((key) => /^pr-(\d+)\//.exec(key)?.[1] ?? []))].map(Number).sort((a, b) => a - b);
  const removed: string[] = [];
  for (const number of numbers) {
    if (await options.isOpen(number)) continue;
    const prefix = `${previewsFolder}pr-${number}/`;
    try {
      const count = await teardown({ ...options, prefix });
      options.log(`flightsite: pull request ${number} is closed: removed ${count} ${count === 1 ? "object" : "objects"} of its preview s3://${options.bucket}/${prefix}`);
      removed.push(prefix);
    } catch (error) {
      if (!(error instanceof DeployError)) throw error;
      options.log(`flightsite: left the preview of pull request ${number} for the next sweep: ${error.message}`);
    }
  }
  return removed;
}
