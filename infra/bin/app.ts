// The CDK app: `npx cdk deploy -c githubRepository=owner/name` from infra/ (see infra/README.md for every setting).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { App, Validations } from "aws-cdk-lib";
import { AwsSolutionsChecks } from "cdk-nag";
import { buildLambdas } from "../../scripts/build-intake";
import { bundleOriginSecretRotation } from "../lib/rotation-code";
import { type LambdaCode, SiteStack, stackRegion } from "../lib/site-stack";

const app = new App();
const context = (name: string): string | undefined => app.node.tryGetContext(name) ?? undefined;
const domainName = context("domainName");
const certificateArn = context("certificateArn");
if (Boolean(domainName) !== Boolean(certificateArn)) {
  throw new Error("domainName and certificateArn go together: pass both (-c domainName=… -c certificateArn=…) or neither");
}

// The functions are bundled afresh on every synth, so a deploy never ships stale code (npm run build:intake).
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
  const { intake, notifier, reconcile } = await buildLambdas({ root });
  const rotateOriginSecret = await bundleOriginSecretRotation(path.join(root, ".flightsite/lambda/rotate-origin-secret"));
  return { intake, notifier, reconcile, rotateOriginSecret };
}
