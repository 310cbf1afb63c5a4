import { type App, Validations } from "aws-cdk-lib";
import { AwsSolutionsChecks } from "cdk-nag";
import { type LambdaCode, SiteStack, stackRegion } from "./site-stack";

/**
 * The app's one stack, from the app's context (`-c name=value`, infra/README.md), in us-east-1 whatever the shell's
 * default region (the distribution's web ACL can only be made there), with cdk-nag's AWS Solutions checks on every
 * synth: an unacknowledged finding stops it (each acknowledgement gives its reason in the code beside the resource).
 */
export function createSiteStack(app: App, code: LambdaCode, account = process.env.CDK_DEFAULT_ACCOUNT): SiteStack {
  const context = (name: string): string | undefined => app.node.tryGetContext(name) ?? undefined;
  const domainName = context("domainName");
  const certificateArn = context("certificateArn");
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error("domainName and certificateArn go together: pass both (-c domainName=… -c certificateArn=…) or neither");
  }
  const previewDomainName = context("previewDomainName");
  const previewCertificateArn = context("previewCertificateArn");
  if (Boolean(previewDomainName) !== Boolean(previewCertificateArn)) {
    throw new Error("previewDomainName and previewCertificateArn go together: pass both (-c previewDomainName=… -c previewCertificateArn=…) or neither");
  }
  const stack = new SiteStack(app, context("stackName") ?? "FlightsiteSite", {
    env: { account, region: stackRegion },
    githubRepository: context("githubRepository") ?? "",
    githubOidcProviderArn: context("githubOidcProviderArn"),
    domain: domainName && certificateArn ? { name: domainName, certificateArn } : undefined,
    previewDomain: previewDomainName && previewCertificateArn ? { name: previewDomainName, certificateArn: previewCertificateArn } : undefined,
    policy: { quoteEndpointOrigin: context("quoteEndpointOrigin"), analytics: String(context("analytics")) === "true" },
    code,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return stack;
}
