// The CDK app: `npx cdk deploy -c githubRepository=owner/name` from infra/ (see infra/README.md for every setting).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { App } from "aws-cdk-lib";
import { buildIntake } from "../../scripts/build-intake";
import { bundleOriginSecretRotation } from "../lib/rotation-code";
import { createSiteStack } from "../lib/site-app";
import type { LambdaCode } from "../lib/site-stack";

// The functions are bundled afresh on every synth, so a deploy never ships stale code.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
createSiteStack(new App(), await bundleLambdas(root));

async function bundleLambdas(root: string): Promise<LambdaCode> {
  const intake = path.dirname((await buildIntake({ root })).file);
  const rotateOriginSecret = await bundleOriginSecretRotation(path.join(root, ".flightsite/lambda/rotate-origin-secret"));
  // The notifier and the reconciliation come with the code half of issue 25: its buildLambdas({ root }) returns
  // { intake, notifier, reconcile } folders, which replace the two lines below and buildIntake above. No stand-in is
  // deployed meanwhile: a notifier that does nothing would take every notice off the queue and mail no one.
  const notifier = missingBundle("notifier");
  const reconcile = missingBundle("reconcile");
  return { intake, notifier, reconcile, rotateOriginSecret };
}

function missingBundle(name: string): never {
  throw new Error(`the ${name} function's bundle is not built yet: it comes with buildLambdas (npm run build:intake), issue 25`);
}
