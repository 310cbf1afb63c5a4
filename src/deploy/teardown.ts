import type { CloudFrontClient } from "@aws-sdk/client-cloudfront";
import type { S3Client } from "@aws-sdk/client-s3";
import { manifestFile } from "../output/manifest";
import { DeployError } from "../errors";
import { deleteObjects, listKeys, readStoredManifest, type Bucket } from "./bucket";
import { invalidate } from "./invalidation";
import { acquireLock, lockFile } from "./lock";
import { ownedKeys } from "./stored-manifest";

export interface TeardownOptions {
  bucket: string;
  /** The folder to remove ("previews/pr-42/"); required: the site at the bucket's root is never torn down. */
  prefix: string;
  s3: S3Client;
  distributionId?: string;
  cloudFront?: CloudFrontClient;
  deployer?: string;
  /** As deploy's: `true` takes an expired lock, a lock id that very lock. */
  breakLock?: boolean | string;
  now?: () => Date;
  log: (line: string) => void;
}

/**
 * Removes what deploys wrote under a prefix (a pull request's preview once it is closed): every object its manifest
 * owns, then the manifest, under the prefix's lock; objects no deploy wrote are left and named. With a distribution,
 * CloudFront then forgets everything under the prefix. Returns the number of objects deleted.
 */
export async function teardown(options: TeardownOptions): Promise<number> {
  try {
    return await removePrefix(options);
  } catch (error) {
    if (error instanceof DeployError) throw error;
    const { name, message } = error as Error;
    throw new DeployError(
      `s3://${options.bucket}/${options.prefix} could not be torn down (${name && name !== "Error" ? `${name}: ` : ""}${message}); ` +
        "check the bucket's name and the AWS credentials, then run the teardown again: it carries on where it stopped",
    );
  }
}

// --- internal ---

async function removePrefix(options: TeardownOptions): Promise<number> {
  const prefix = options.prefix.replace(/^\/+/, "").replace(/\/*$/, "/");
  if (prefix === "/") throw new DeployError("teardown needs a --prefix (like previews/pr-42/): the site at the bucket's root is never torn down");
  const bucket: Bucket = { client: options.s3, name: options.bucket, prefix };
  const target = `s3://${bucket.name}/${prefix}`;
  const lock = await acquireLock(bucket, { by: options.deployer ?? "flightsite teardown", now: options.now ?? (() => new Date()), breakLock: options.breakLock, log: options.log });
  let deleted: string[] = [];
  try {
    const [stored, listed] = await Promise.all([readStoredManifest(bucket, manifestFile), listKeys(bucket)]);
    const keys = listed.filter((key) => key !== manifestFile && key !== lockFile);
    const owned = stored ? ownedKeys(stored) : new Set<string>();
    const foreign = keys.filter((key) => !owned.has(key));
    deleted = keys.filter((key) => owned.has(key));
    // Still ours? Another teardown or deploy that broke the lock would be working on the same objects.
    await lock.confirm(`deleting ${deleted.length} objects`);
    if (deleted.length > 0) await deleteObjects(bucket, deleted);
    if (stored) await deleteObjects(bucket, [manifestFile]);
    if (foreign.length > 0) {
      options.log(`flightsite: left ${foreign.length} ${foreign.length === 1 ? "object" : "objects"} under ${target} that no deploy wrote (${foreign.slice(0, 3).join(", ")}${foreign.length > 3 ? ", …" : ""})`);
    }
  } finally {
    await lock.release();
  }
  if (options.distributionId && deleted.length > 0) {
    const paths = [`/${prefix}*`];
    const id = await invalidate(options.cloudFront!, options.distributionId, paths).catch((error: unknown) => {
      throw new DeployError(
        `${target} is removed, but CloudFront did not accept the invalidation of ${paths[0]} (${(error as Error).message}); ` +
          "its cached pages expire within a day, or invalidate that path in the CloudFront console",
      );
    });
    options.log(`flightsite: asked CloudFront to forget ${paths[0]} (invalidation ${id})`);
  }
  return deleted.length;
}
