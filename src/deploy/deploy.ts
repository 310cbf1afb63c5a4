import type { CloudFrontClient } from "@aws-sdk/client-cloudfront";
import type { S3Client } from "@aws-sdk/client-s3";
import { manifestFile, type Manifest } from "../engine/manifest";
import { DeployError } from "../errors";
import { deleteObjects, listKeys, putObject, readStoredManifest, type Bucket } from "./bucket";
import { forEachLimited } from "./concurrency";
import { invalidate, pathsToInvalidate } from "./invalidation";
import { readLocalSite } from "./local-site";
import { cacheControlFor, planDeploy, uploadPhaseOf, uploadPhases, type DeployPlan } from "./plan";

export interface DeployOptions {
  outDir: string;
  /** `outDir` as the user would type it, for messages. */
  shownOutDir: string;
  bucket: string;
  /** A folder of the bucket to deploy into ("" or "site/"); a missing final "/" is added. */
  prefix?: string;
  dryRun?: boolean;
  /** A CloudFront distribution to invalidate the changed paths on. */
  distributionId?: string;
  s3: S3Client;
  cloudFront?: CloudFrontClient;
  /** Uploads at once; default 8. */
  concurrency?: number;
  /** Where the plan and progress lines go. */
  log: (line: string) => void;
}

export interface DeployResult {
  plan: DeployPlan;
  /** Bytes uploaded (or, in a dry run, that would be). */
  bytes: number;
  seconds: number;
  invalidation?: { id: string; paths: string[] };
}

/**
 * Brings the bucket to the built site in `outDir`: uploads what differs by content hash, in an order that never
 * breaks a page (assets, then pages, then sitemap/feed/robots.txt, then the manifest), then deletes what is gone and
 * invalidates the changed addresses on CloudFront. A dry run only reports the plan. If it stops midway (a network
 * failure, S3 refusing), running it again finishes the job.
 */
export async function deploy(options: DeployOptions): Promise<DeployResult> {
  const started = performance.now();
  const bucket: Bucket = { client: options.s3, name: options.bucket, prefix: normalizePrefix(options.prefix) };
  const site = await readLocalSite(options.outDir, options.shownOutDir);
  const [stored, listed] = await aws(bucket, "read", () => Promise.all([readStoredManifest(bucket, manifestFile), listKeys(bucket)]));
  const plan = planDeploy(site.manifest, stored, listed.filter((key) => key !== manifestFile));
  const bytes = plan.upload.reduce((sum, file) => sum + (site.manifest[file]?.size ?? 0), 0);
  const seconds = () => (performance.now() - started) / 1000;
  if (options.dryRun) {
    for (const line of formatPlan(plan)) options.log(line);
    return { plan, bytes, seconds: seconds() };
  }
  if (plan.upload.length > 0) {
    await aws(bucket, "upload", async () => {
      // First forget the files about to change: if this deploy stops midway, the next one sees them as changed even
      // when the build it deploys has them as they were before this one.
      if (stored) await putManifest(bucket, pick(stored, plan.unchanged));
      for (const phase of uploadPhases) {
        const files = plan.upload.filter((file) => uploadPhaseOf(file) === phase);
        await forEachLimited(files, options.concurrency ?? 8, async (file) =>
          putObject(bucket, file, await site.read(file), {
            contentType: site.manifest[file]!.contentType,
            cacheControl: cacheControlFor(file),
          }),
        );
      }
      await putManifest(bucket, site.manifest);
    });
  }
  if (plan.delete.length > 0) await aws(bucket, "delete", () => deleteObjects(bucket, plan.delete));
  const changed = [...plan.upload, ...plan.delete];
  if (!options.distributionId || changed.length === 0) return { plan, bytes, seconds: seconds() };
  const paths = pathsToInvalidate(changed);
  if (paths.length === 0) return { plan, bytes, seconds: seconds() };
  const distributionId = options.distributionId;
  const id = await invalidate(options.cloudFront!, distributionId, paths).catch((error: unknown) => {
    throw new DeployError(
      `the site is uploaded, but CloudFront did not accept the invalidation of ${paths.length} paths on distribution ` +
        `${distributionId} (${describe(error)}); visitors may see old pages for up to a day: run the deploy again, ` +
        `or invalidate "/*" in the CloudFront console`,
    );
  });
  options.log(`flightsite: asked CloudFront to refresh ${paths.length === 1 && paths[0] === "/*" ? "every path" : `${paths.length} paths`} (invalidation ${id})`);
  return { plan, bytes, seconds: seconds(), invalidation: { id, paths } };
}

/** The one line that ends a deploy: what was uploaded, left and deleted, the bytes sent and the time it took. */
export function formatDeploySummary(result: DeployResult, target: string, dryRun = false): string {
  const { plan } = result;
  const size = `${(result.bytes / 1024).toFixed(1)} KB`;
  return dryRun
    ? `flightsite: dry run for ${target}: would upload ${plan.upload.length} (${size}), leave ${plan.unchanged.length} unchanged, ` +
        `delete ${plan.delete.length}; nothing was changed`
    : `flightsite: deployed to ${target}: ${plan.upload.length} uploaded (${size}), ${plan.unchanged.length} unchanged, ` +
        `${plan.delete.length} deleted in ${result.seconds.toFixed(1)} s`;
}

/** The bucket and folder a deploy writes to, as `s3://bucket/prefix/`. */
export function deployTarget(bucket: string, prefix?: string): string {
  return `s3://${bucket}/${normalizePrefix(prefix)}`;
}

// --- internal ---

function formatPlan(plan: DeployPlan): string[] {
  return [
    ...plan.upload.map((file) => `upload     ${file}`),
    ...plan.unchanged.map((file) => `unchanged  ${file}`),
    ...plan.delete.map((file) => `delete     ${file}`),
  ];
}

function normalizePrefix(prefix = ""): string {
  const trimmed = prefix.replace(/^\/+/, "");
  return trimmed === "" || trimmed.endsWith("/") ? trimmed : `${trimmed}/`;
}

async function putManifest(bucket: Bucket, manifest: Manifest): Promise<void> {
  await putObject(bucket, manifestFile, `${JSON.stringify(manifest)}\n`, {
    contentType: "application/json; charset=utf-8",
    cacheControl: "no-cache",
  });
}

function pick(manifest: Manifest, files: string[]): Manifest {
  return Object.fromEntries(files.filter((file) => manifest[file]).map((file) => [file, manifest[file]!]));
}

const whatFailed = {
  read: "could not read what it holds",
  upload: "stopped the upload",
  delete: "stopped the deletion of old files",
} as const;

/** Runs one step against S3, turning its failures into a message that says what to do. */
async function aws<T>(bucket: Bucket, step: keyof typeof whatFailed, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const target = `s3://${bucket.name}/${bucket.prefix}`;
    const advice =
      step === "read"
        ? "check the bucket's name, the AWS credentials (AWS_PROFILE, or the role in CI) and AWS_REGION, then run the deploy again"
        : "the site there is still whole (new files go up before the pages that use them); run the same deploy again to finish it";
    throw new DeployError(`${target} ${whatFailed[step]} (${describe(error)}); ${advice}`);
  }
}

function describe(error: unknown): string {
  const { name, message } = error as Error;
  return name && name !== "Error" ? `${name}: ${message}` : message;
}
