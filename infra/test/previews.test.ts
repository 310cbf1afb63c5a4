// Issue 27: previews of pull requests under /previews/ of the same distribution: their headers, and the role their
// workflow assumes, which may write under previews/ only. The stack through aws-cdk-lib/assertions.
import { Template } from "aws-cdk-lib/assertions";
import { describe, expect, it } from "vitest";
import { previewsFolder } from "../../src/deploy/build-target";
import { previewsFolder as previewsFolderOfTheRole } from "../lib/github-deploy-role";
import { SiteStack } from "../lib/site-stack";
import { lambdaCode } from "./lambda-code";
import { temporaryApp } from "./temporary-app";

const env = { account: "123456789012", region: "us-east-1" };
const template = Template.fromStack(new SiteStack(temporaryApp(), "Site", { env, githubRepository: "acme/flightsite", code: lambdaCode }));
const idOf = (type: string, prefix: string) => Object.keys(template.findResources(type)).find((id) => id.startsWith(prefix))!;

describe("previews of pull requests", () => {
  const config = () => Object.values(template.findResources("AWS::CloudFront::Distribution"))[0]!.Properties.DistributionConfig;

  it("are served from the site's bucket by a /previews/* behaviour with the site's function and caching", () => {
    const previews = config().CacheBehaviors.find((behavior: { PathPattern: string }) => behavior.PathPattern === "previews/*");
    const site = config().DefaultCacheBehavior;
    expect(previews).toMatchObject({
      TargetOriginId: site.TargetOriginId,
      CachePolicyId: site.CachePolicyId,
      FunctionAssociations: site.FunctionAssociations,
      ViewerProtocolPolicy: "redirect-to-https",
      AllowedMethods: ["GET", "HEAD"],
      Compress: true,
    });
    expect(previews.ResponseHeadersPolicyId).toEqual({ Ref: idOf("AWS::CloudFront::ResponseHeadersPolicy", "SitePreviewHeaders") });
  });

  it("answer with X-Robots-Tag: noindex, besides the site's own security headers", () => {
    const policies = template.findResources("AWS::CloudFront::ResponseHeadersPolicy");
    const preview = policies[idOf("AWS::CloudFront::ResponseHeadersPolicy", "SitePreviewHeaders")]!.Properties.ResponseHeadersPolicyConfig;
    const site = policies[idOf("AWS::CloudFront::ResponseHeadersPolicy", "SiteHeaders")]!.Properties.ResponseHeadersPolicyConfig;
    expect(preview.CustomHeadersConfig).toEqual({ Items: [{ Header: "X-Robots-Tag", Value: "noindex", Override: true }] });
    expect(preview.SecurityHeadersConfig).toEqual(site.SecurityHeadersConfig);
    expect(site.CustomHeadersConfig, "the live site stays indexable").toBeUndefined();
  });

  it("are deployed with a role that only this repository's pull_request jobs may assume", () => {
    const role = template.findResources("AWS::IAM::Role")[idOf("AWS::IAM::Role", "DeployerPreviewRole")]!;
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({
        Action: "sts:AssumeRoleWithWebIdentity",
        Condition: {
          StringEquals: {
            "token.actions.githubusercontent.com:aud": "sts.amazonaws.com",
            "token.actions.githubusercontent.com:sub": "repo:acme/flightsite:pull_request",
          },
        },
      }),
    ]);
    template.hasOutput("PreviewRoleArn", { Description: "repository variable AWS_PREVIEW_ROLE_ARN" });
  });

  it("may write and delete under previews/ only, and read the live site's manifest", () => {
    const role = idOf("AWS::IAM::Role", "DeployerPreviewRole");
    const policies = Object.values(template.findResources("AWS::IAM::Policy")).filter((p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: role }]));
    const bucket = idOf("AWS::S3::Bucket", "SiteBucket");
    const objects = (key: string) => ({ "Fn::Join": ["", [{ "Fn::GetAtt": [bucket, "Arn"] }, `/${key}`]] });
    const statements = policies.flatMap((p) => p.Properties.PolicyDocument.Statement) as { Action: string | string[]; Resource: unknown }[];
    const writes = statements.filter((s) => [s.Action].flat().some((action) => action === "s3:PutObject" || action === "s3:DeleteObject"));
    expect(writes.map((s) => s.Resource)).toEqual([objects("previews/*")]);
    expect(statements.filter((s) => [s.Action].flat().includes("s3:GetObject")).map((s) => s.Resource)).toEqual([objects("previews/*"), objects(".deploy-manifest.json")]);
    expect(statements.flatMap((s) => [s.Action].flat()).sort()).toEqual([
      "cloudfront:CreateInvalidation",
      "cloudfront:GetInvalidation",
      "s3:DeleteObject",
      "s3:GetObject",
      "s3:GetObject",
      "s3:ListBucket",
      "s3:PutObject",
    ]);
  });

  it("are out of the live site's role's reach: it is denied writing and deleting under previews/", () => {
    const role = idOf("AWS::IAM::Role", "DeployerRole");
    const policies = Object.values(template.findResources("AWS::IAM::Policy")).filter((p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: role }]));
    const bucket = idOf("AWS::S3::Bucket", "SiteBucket");
    const statements = policies.flatMap((p) => p.Properties.PolicyDocument.Statement) as { Effect: string; Action: string | string[]; Resource: unknown }[];
    expect(statements.filter((s) => s.Effect === "Deny")).toEqual([
      {
        Effect: "Deny",
        Action: ["s3:PutObject", "s3:DeleteObject"],
        Resource: { "Fn::Join": ["", [{ "Fn::GetAtt": [bucket, "Arn"] }, "/previews/*"]] },
      },
    ]);
    // The Allow it overrides is the whole bucket's: the Deny is what keeps previews/ out of reach.
    expect(statements.filter((s) => s.Effect === "Allow" && [s.Action].flat().includes("s3:PutObject")).map((s) => s.Resource)).toEqual([
      { "Fn::Join": ["", [{ "Fn::GetAtt": [bucket, "Arn"] }, "/*"]] },
    ]);
  });

  it("live under the folder the deploy keeps the site's own deploy out of", () => {
    expect(previewsFolderOfTheRole).toBe(previewsFolder);
  });
});
