// The site's stack synthesized for a test file (no AWS account, no Docker), with helpers to find its resources.
import { Template } from "aws-cdk-lib/assertions";
import { SiteStack, type SiteStackProps } from "../lib/site-stack";
import { lambdaCode } from "./lambda-code";
import { temporaryApp } from "./temporary-app";

export const env = { account: "123456789012", region: "us-east-1" };

export function synthesize(props: Partial<SiteStackProps> = {}): Template {
  return Template.fromStack(new SiteStack(temporaryApp(), "Site", { env, githubRepository: "acme/flightsite", code: lambdaCode, ...props }));
}

/** The logical id of the one resource of `type` whose id starts with `prefix` (the construct's path, run together). */
export function idOf(template: Template, type: string, prefix: string): string {
  const ids = Object.keys(template.findResources(type)).filter((id) => id.startsWith(prefix));
  if (ids.length !== 1) throw new Error(`${ids.length} resources of type ${type} start with ${prefix}: ${ids.join(", ")}`);
  return ids[0]!;
}

/** The statements of the one policy attached to the role whose id starts with `rolePrefix`. */
export function statementsOf(template: Template, rolePrefix: string): Array<Record<string, unknown>> {
  const role = idOf(template, "AWS::IAM::Role", rolePrefix);
  const policies = Object.values(template.findResources("AWS::IAM::Policy")).filter((p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: role }]));
  if (policies.length !== 1) throw new Error(`${policies.length} policies on ${role}`);
  return policies[0]!.Properties.PolicyDocument.Statement;
}

/** The distribution's configuration. */
export function distributionConfig(template: Template) {
  return Object.values(template.findResources("AWS::CloudFront::Distribution"))[0]!.Properties.DistributionConfig;
}

/** The ARN of every object under `prefix` of a bucket, as CloudFormation writes it. */
export const objectsOf = (bucket: string, prefix: string) => ({ "Fn::Join": ["", [{ "Fn::GetAtt": [bucket, "Arn"] }, `/${prefix}*`]] });
