// The CDK app: `npx cdk deploy -c githubRepository=owner/name` from infra/ (see infra/README.md for every setting).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { App } from "aws-cdk-lib";
import { buildLambdas } from "../../scripts/build-intake";
import { SiteStack } from "../lib/site-stack";

const app = new App();
const context = (name: string): string | undefined => app.node.tryGetContext(name) ?? undefined;
const domainName = context("domainName");
const certificateArn = context("certificateArn");
if (Boolean(domainName) !== Boolean(certificateArn)) {
  throw new Error("domainName and certificateArn go together: pass both (-c domainName=… -c certificateArn=…) or neither");
}

// The quote functions are bundled afresh on every synth, so a deploy never ships stale code (npm run build:intake).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const lambdas = await buildLambdas({ root });

new SiteStack(app, context("stackName") ?? "FlightsiteSite", {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  githubRepository: context("githubRepository") ?? "",
  githubOidcProviderArn: context("githubOidcProviderArn"),
  domain: domainName && certificateArn ? { name: domainName, certificateArn } : undefined,
  policy: { quoteEndpointOrigin: context("quoteEndpointOrigin"), analytics: String(context("analytics")) === "true" },
  intakeCode: lambdas.intake,
});
