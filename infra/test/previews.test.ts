// Issues 27 and 36: previews of pull requests on an origin of their own: their own bucket and distribution (a
// hostname of their own), noindex, their own 404 page; the live distribution serves no previews/ key; the preview
// role writes only the previews' bucket, invalidates only their distribution, and only the preview workflow file of
// this repository may assume it. The stack through aws-cdk-lib/assertions.
import { readFileSync } from "node:fs";
import { Template } from "aws-cdk-lib/assertions";
import { describe, expect, it } from "vitest";
import { previewsFolder } from "../../src/deploy/build-target";
import { previewsFolder as previewsFolderOfTheRole, previewWorkflow } from "../lib/github-deploy-role";
import { preview404Key } from "../lib/preview-site";
import { SiteStack } from "../lib/site-stack";
import { lambdaCode } from "./lambda-code";
import { temporaryApp } from "./temporary-app";

const env = { account: "123456789012", region: "us-east-1" };
const template = Template.fromStack(
  new SiteStack(temporaryApp(), "Site", {
    env,
    githubRepository: "acme/flightsite",
    previewDomain: { name: "previews.example.com", certificateArn: "arn:aws:acm:us-east-1:123456789012:certificate/p" },
    code: lambdaCode,
  }),
);
const idOf = (type: string, prefix: string) => Object.keys(template.findResources(type)).find((id) => id.startsWith(prefix))!;
const distributions = template.findResources("AWS::CloudFront::Distribution");
const configOf = (prefix: string) => distributions[idOf("AWS::CloudFront::Distribution", prefix)]!.Properties.DistributionConfig;
const objects = (bucket: string, key: string) => ({ "Fn::Join": ["", [{ "Fn::GetAtt": [bucket, "Arn"] }, `/${key}`]] });
const statementsOf = (role: string) =>
  Object.values(template.findResources("AWS::IAM::Policy"))
    .filter((p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: role }]))
    .flatMap((p) => p.Properties.PolicyDocument.Statement) as { Effect: string; Action: string | string[]; Resource: unknown }[];

describe("previews of pull requests", () => {
  const liveBucket = idOf("AWS::S3::Bucket", "SiteBucket");
  const previewBucket = idOf("AWS::S3::Bucket", "PreviewsBucket");

  it("have a distribution of their own, on their own hostname, reading their own bucket", () => {
    expect(Object.keys(distributions)).toHaveLength(2);
    const previews = configOf("PreviewsDistribution");
    expect(previews.Aliases).toEqual(["previews.example.com"]);
    expect(previews.Origins).toHaveLength(1);
    expect(previews.Origins[0].DomainName).toEqual({ "Fn::GetAtt": [previewBucket, "RegionalDomainName"] });
    expect(configOf("SiteDistribution").Origins.map((o: { DomainName: unknown }) => o.DomainName)).not.toContainEqual({ "Fn::GetAtt": [previewBucket, "RegionalDomainName"] });
    expect(previews.DefaultCacheBehavior).toMatchObject({ ViewerProtocolPolicy: "redirect-to-https", AllowedMethods: ["GET", "HEAD"], Compress: true });
    expect(previews.CacheBehaviors, "no /api/quote here: nothing posts to a preview").toBeUndefined();
    template.hasOutput("PreviewBucket", { Description: "repository variable PREVIEW_BUCKET" });
    template.hasOutput("PreviewDistributionId", { Description: "repository variable PREVIEW_DISTRIBUTION_ID" });
  });

  it("answer with X-Robots-Tag: noindex besides the site's own security headers, and the live site stays indexable", () => {
    const policies = template.findResources("AWS::CloudFront::ResponseHeadersPolicy");
    const preview = policies[idOf("AWS::CloudFront::ResponseHeadersPolicy", "PreviewsHeaders")]!.Properties.ResponseHeadersPolicyConfig;
    const site = policies[idOf("AWS::CloudFront::ResponseHeadersPolicy", "SiteHeaders")]!.Properties.ResponseHeadersPolicyConfig;
    expect(preview.CustomHeadersConfig).toEqual({ Items: [{ Header: "X-Robots-Tag", Value: "noindex", Override: true }] });
    expect(preview.SecurityHeadersConfig).toEqual(site.SecurityHeadersConfig);
    expect(site.CustomHeadersConfig).toBeUndefined();
    expect(configOf("PreviewsDistribution").DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: idOf("AWS::CloudFront::ResponseHeadersPolicy", "PreviewsHeaders") });
  });

  it("answer a missing page with the previews' own 404 page, which has no form and no script", () => {
    expect(configOf("PreviewsDistribution").CustomErrorResponses).toEqual(
      [403, 404].map((code) => ({ ErrorCode: code, ResponseCode: 404, ResponsePagePath: `/${preview404Key}`, ErrorCachingMinTTL: 10 })),
    );
    const page = readFileSync(new URL("../preview-404.html", import.meta.url), "utf8");
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(page).not.toMatch(/<form|<script|<input|style=/i);
  });

  it("are never served by the live distribution: no previews/* behaviour, and its bucket policy denies CloudFront previews/*", () => {
    expect(configOf("SiteDistribution").CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern)).not.toContain("previews/*");
    const policy = Object.values(template.findResources("AWS::S3::BucketPolicy")).find((p) => JSON.stringify(p.Properties.Bucket) === JSON.stringify({ Ref: liveBucket }))!;
    expect(policy.Properties.PolicyDocument.Statement).toContainEqual({
      Effect: "Deny",
      Principal: { Service: "cloudfront.amazonaws.com" },
      Action: "s3:GetObject",
      Resource: objects(liveBucket, "previews/*"),
    });
  });

  it("are deployed with a role only the preview workflow file of this repository may assume: on its pull requests, and its sweep on main", () => {
    const role = template.findResources("AWS::IAM::Role")[idOf("AWS::IAM::Role", "DeployerPreviewRole")]!;
    const provider = role.Properties.AssumeRolePolicyDocument.Statement[0].Principal;
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      {
        Action: "sts:AssumeRoleWithWebIdentity",
        Effect: "Allow",
        Principal: provider,
        Condition: {
          StringEquals: { "token.actions.githubusercontent.com:aud": "sts.amazonaws.com", "token.actions.githubusercontent.com:sub": "repo:acme/flightsite:pull_request" },
          StringLike: { "token.actions.githubusercontent.com:job_workflow_ref": "acme/flightsite/.github/workflows/preview.yml@refs/pull/*/merge" },
        },
      },
      {
        Action: "sts:AssumeRoleWithWebIdentity",
        Effect: "Allow",
        Principal: provider,
        Condition: {
          StringEquals: {
            "token.actions.githubusercontent.com:aud": "sts.amazonaws.com",
            "token.actions.githubusercontent.com:sub": "repo:acme/flightsite:ref:refs/heads/main",
            "token.actions.githubusercontent.com:job_workflow_ref": "acme/flightsite/.github/workflows/preview.yml@refs/heads/main",
          },
        },
      },
    ]);
    expect(previewWorkflow).toBe(".github/workflows/preview.yml");
    template.hasOutput("PreviewRoleArn", { Description: "repository variable AWS_PREVIEW_ROLE_ARN" });
  });

  it("may write and delete under previews/ of their own bucket only, read the live site's manifest, and invalidate only their distribution", () => {
    const statements = statementsOf(idOf("AWS::IAM::Role", "DeployerPreviewRole"));
    const writes = statements.filter((s) => [s.Action].flat().some((action) => action === "s3:PutObject" || action === "s3:DeleteObject"));
    expect(writes.map((s) => s.Resource)).toEqual([objects(previewBucket, "previews/*")]);
    expect(statements.filter((s) => [s.Action].flat().includes("s3:GetObject")).map((s) => s.Resource)).toEqual([
      objects(previewBucket, "previews/*"),
      objects(liveBucket, ".deploy-manifest.json"),
    ]);
    expect(statements.filter((s) => [s.Action].flat().includes("s3:ListBucket")).map((s) => s.Resource)).toEqual([{ "Fn::GetAtt": [previewBucket, "Arn"] }]);
    const invalidations = statements.filter((s) => [s.Action].flat().includes("cloudfront:CreateInvalidation"));
    expect(JSON.stringify(invalidations.map((s) => s.Resource))).toContain(idOf("AWS::CloudFront::Distribution", "PreviewsDistribution"));
    expect(JSON.stringify(invalidations.map((s) => s.Resource))).not.toContain(idOf("AWS::CloudFront::Distribution", "SiteDistribution"));
  });

  it("are out of the live site's role's reach: it is denied writing and deleting under previews/, and has no right on the previews' bucket", () => {
    const statements = statementsOf(idOf("AWS::IAM::Role", "DeployerRole"));
    expect(statements.filter((s) => s.Effect === "Deny")).toEqual([
      { Effect: "Deny", Action: ["s3:PutObject", "s3:DeleteObject"], Resource: objects(liveBucket, "previews/*") },
    ]);
    expect(JSON.stringify(statements)).not.toContain(previewBucket);
  });

  it("live under the folder the deploy keeps the site's own deploy out of", () => {
    expect(previewsFolderOfTheRole).toBe(previewsFolder);
  });
});
