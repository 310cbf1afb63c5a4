// The CDK app: `npx cdk deploy -c githubRepository=owner/name` from infra/ (see infra/README.md for every setting).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { App } from "aws-cdk-lib";
import { buildLambdas } from "../../scripts/build-intake";
import { bundleOriginSecretRotation } from "../lib/rotation-code";
import { createSiteStack } from "../lib/site-app";
import type { LambdaCode } from "../lib/site-stack";

// The functions are bundled afresh on every synth, so a deploy never ships stale code (npm run build:intake).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
createSiteStack(new App(), await bundleLambdas(root));

async function bundleLambdas(root: string): Promise<LambdaCode> {
  const { intake, notifier, reconcile } = await buildLambdas({ root });
  const rotateOriginSecret = await bundleOriginSecretRotation(path.join(root, ".flightsite/lambda/rotate-origin-secret"));
  return { intake, notifier, reconcile, rotateOriginSecret };
}
