// The preview workflow's scheduled sweep (issue 36): removes from PREVIEW_BUCKET the previews whose pull request is
// closed, asking GitHub's API for each pull request's state with the job's GITHUB_TOKEN (pull-requests: read).
// Run as `npm run previews:sweep` in .github/workflows/preview.yml; AWS credentials are the preview role's.
import os from "node:os";
import { createClients } from "../src/deploy/clients";
import { describeDeployer } from "../src/deploy/lock";
import { sweepPreviews } from "../src/deploy/sweep";

const env = process.env;
const bucket = env.PREVIEW_BUCKET;
const repository = env.GITHUB_REPOSITORY;
if (!bucket || !repository) {
  console.error("flightsite: PREVIEW_BUCKET and GITHUB_REPOSITORY must be set (the preview workflow's sweep sets them)");
  process.exit(2);
}

/** Open unless GitHub says closed: an error, a rate limit or a missing token never removes a preview. */
async function isOpen(number: number): Promise<boolean> {
  const response = await fetch(`${env.GITHUB_API_URL ?? "https://api.github.com"}/repos/${repository}/pulls/${number}`, {
    headers: { Accept: "application/vnd.github+json", ...(env.GITHUB_TOKEN ? { Authorization: `Bearer ${env.GITHUB_TOKEN}` } : {}) },
  }).catch(() => undefined);
  if (!response?.ok) {
    console.log(`flightsite: GitHub did not say whether pull request ${number} is open (${response?.status ?? "no answer"}); its preview stays`);
    return true;
  }
  return ((await response.json()) as { state?: string }).state !== "closed";
}

const removed = await sweepPreviews({
  ...createClients({ region: env.AWS_REGION }),
  bucket,
  distributionId: env.PREVIEW_DISTRIBUTION_ID || undefined,
  isOpen,
  deployer: describeDeployer(env, os.userInfo().username, os.hostname(), process.pid),
  log: (line) => console.log(line),
});
console.log(`flightsite: swept s3://${bucket}/previews/: ${removed.length} closed ${removed.length === 1 ? "preview" : "previews"} removed`);
