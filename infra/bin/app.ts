// The CDK app: `npx cdk deploy -c githubRepository=owner/name` from infra/ (see infra/README.md for every setting).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { App, Validations } from "aws-cdk-lib";
import { AwsSolutionsChecks } from "cdk-nag";
import { buildIntake } from "../../scripts/build-intake";
import { bundleOriginSecretRotation } from "../lib/rotation-code";
import { type LambdaCode, SiteStack, stackRegion } from "../lib/site-stack";

const app = new App();
const context = (name: string): string | undefined => app.node.tryGetContext(name) ?? undefined;
const domainName = context("domainName");
const certificateArn = context("certificateArn");
if (Boolean(domainName) !== Boolean(certificateArn)) {
  throw new Error("domainName and certificateArn go together: pass both (-c domainName=… -c certificateArn=…) or neither");
}

// The functions are bundled afresh on every synth, so a deploy never ships stale code.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const code = await bundleLambdas(root);

new SiteStack(app, context("stackName") ?? "FlightsiteSite", {
  // us-east-1 whatever the shell's default region: the distribution's web ACL can only be made there.
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: stackRegion },
  githubRepository: context("githubRepository") ?? "",
  githubOidcProviderArn: context("githubOidcProviderArn"),
  domain: domainName && certificateArn ? { name: domainName, certificateArn } : undefined,
  policy: { quoteEndpointOrigin: context("quoteEndpointOrigin"), analytics: String(context("analytics")) === "true" },
  code,
});

// AWS Solutions checks on every synth: an unacknowledged finding stops it (each acknowledgement gives its reason in
// the code beside the resource).
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

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
