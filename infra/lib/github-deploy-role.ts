import { type CfnElement, Stack, Validations } from "aws-cdk-lib";
import type * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import * as iam from "aws-cdk-lib/aws-iam";
import type * as s3 from "aws-cdk-lib/aws-s3";
import { Construct } from "constructs";

export interface GithubDeployRoleProps {
  /** "owner/name": only workflows of this repository may assume the role. */
  repository: string;
  /** Only runs on this branch may assume the role; default "main". */
  branch?: string;
  /** An account has one GitHub OIDC provider; pass its ARN when it exists already, or the stack makes it. */
  oidcProviderArn?: string;
  bucket: s3.Bucket;
  distribution: cloudfront.IDistribution;
  /** The previews' own bucket and distribution (PreviewSite): all the preview role may change. */
  previewBucket: s3.Bucket;
  previewDistribution: cloudfront.IDistribution;
}

/** The workflow file, and the only one, whose jobs may assume the preview role. */
export const previewWorkflow = ".github/workflows/preview.yml";

const githubTokens = "token.actions.githubusercontent.com";

/** The folder of the bucket the previews of pull requests are deployed under (src/deploy/deploy.ts `previewsFolder`). */
export const previewsFolder = "previews/";

/**
 * The roles GitHub workflows assume through GitHub's OpenID Connect tokens, with no stored keys. `role`, for the
 * publish workflow on main only, may list, read, write and delete the site's objects and invalidate the site's
 * distribution, but never write or delete under previews/ (an explicit Deny, which no Allow can outweigh).
 * `previewRole`, for the jobs of the preview workflow file only (on pull requests, and its sweep on main), may write
 * and delete only under previews/ of the previews' own bucket, invalidate only the previews' distribution, and read
 * the live site's manifest (to list the pages a pull request changes).
 */
export class GithubDeployRole extends Construct {
  readonly role: iam.Role;
  readonly previewRole: iam.Role;

  constructor(scope: Construct, id: string, props: GithubDeployRoleProps) {
    super(scope, id);
    const providerArn =
      props.oidcProviderArn ??
      new iam.OidcProviderNative(this, "GithubOidc", { url: `https://${githubTokens}`, clientIds: ["sts.amazonaws.com"] }).oidcProviderArn;
    this.role = new iam.Role(this, "Role", {
      description: `flightsite deploys from ${props.repository}, branch ${props.branch ?? "main"}`,
      assumedBy: new iam.WebIdentityPrincipal(providerArn, {
        StringEquals: {
          [`${githubTokens}:aud`]: "sts.amazonaws.com",
          [`${githubTokens}:sub`]: `repo:${props.repository}:ref:refs/heads/${props.branch ?? "main"}`,
        },
      }),
    });
    this.role.addToPolicy(new iam.PolicyStatement({ actions: ["s3:ListBucket"], resources: [props.bucket.bucketArn] }));
    this.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"],
        resources: [props.bucket.arnForObjects("*")],
      }),
    );
    const bucketId = Stack.of(this).getLogicalId(props.bucket.node.defaultChild as CfnElement);
    Validations.of(this.role).acknowledge({
      id: `AwsSolutions::AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/*]`,
      reason: "The deploy writes the whole built site: any object of the site's bucket, and no other bucket's.",
    });
    // The live site's deploy leaves previews/ alone (src/deploy/deploy.ts); should it ever try, S3 refuses it.
    this.role.addToPolicy(
      new iam.PolicyStatement({
        effect: iam.Effect.DENY,
        actions: ["s3:PutObject", "s3:DeleteObject"],
        resources: [props.bucket.arnForObjects(`${previewsFolder}*`)],
      }),
    );
    const invalidationsOf = (distribution: cloudfront.IDistribution) =>
      new iam.PolicyStatement({
        actions: ["cloudfront:CreateInvalidation", "cloudfront:GetInvalidation"],
        resources: [Stack.of(this).formatArn({ service: "cloudfront", region: "", resource: "distribution", resourceName: distribution.distributionId })],
      });
    this.role.addToPolicy(invalidationsOf(props.distribution));

    // GitHub names a pull_request job's token "repo:owner/name:pull_request", whatever its branch, and says which
    // workflow file the job runs in job_workflow_ref ("owner/name/.github/workflows/preview.yml@refs/pull/42/merge"):
    // a workflow a pull request adds has another file name, and is refused. Pull requests from forks get no token at
    // all (GitHub withholds id-token: write from them), and the workflow skips them. The sweep of closed pull
    // requests' previews runs from the same file on main (schedule, workflow_dispatch).
    const previewWorkflowRef = `${props.repository}/${previewWorkflow}@`;
    this.previewRole = new iam.Role(this, "PreviewRole", {
      description: `flightsite previews of pull requests in ${props.repository}, from ${previewWorkflow} only, in the previews' bucket only`,
      assumedBy: new iam.WebIdentityPrincipal(providerArn, {
        StringEquals: {
          [`${githubTokens}:aud`]: "sts.amazonaws.com",
          [`${githubTokens}:sub`]: `repo:${props.repository}:pull_request`,
        },
        StringLike: { [`${githubTokens}:job_workflow_ref`]: `${previewWorkflowRef}refs/pull/*/merge` },
      }),
    });
    this.previewRole.assumeRolePolicy!.addStatements(
      new iam.PolicyStatement({
        actions: ["sts:AssumeRoleWithWebIdentity"],
        principals: [new iam.FederatedPrincipal(providerArn)],
        conditions: {
          StringEquals: {
            [`${githubTokens}:aud`]: "sts.amazonaws.com",
            [`${githubTokens}:sub`]: `repo:${props.repository}:ref:refs/heads/${props.branch ?? "main"}`,
            [`${githubTokens}:job_workflow_ref`]: `${previewWorkflowRef}refs/heads/${props.branch ?? "main"}`,
          },
        },
      }),
    );
    // Listing is not narrowed to previews/: without s3:ListBucket on the bucket itself, S3 answers a missing key (a
    // new preview's manifest, a free lock) with 403 instead of 404; the bucket holds previews only.
    this.previewRole.addToPolicy(new iam.PolicyStatement({ actions: ["s3:ListBucket"], resources: [props.previewBucket.bucketArn] }));
    this.previewRole.addToPolicy(
      new iam.PolicyStatement({
        actions: ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"],
        resources: [props.previewBucket.arnForObjects(`${previewsFolder}*`)],
      }),
    );
    // The live site's manifest, read only: `flightsite changes` lists the pages a pull request changes.
    this.previewRole.addToPolicy(new iam.PolicyStatement({ actions: ["s3:GetObject"], resources: [props.bucket.arnForObjects(".deploy-manifest.json")] }));
    const previewBucketId = Stack.of(this).getLogicalId(props.previewBucket.node.defaultChild as CfnElement);
    Validations.of(this.previewRole).acknowledge({
      id: `AwsSolutions::AwsSolutions-IAM5[Resource::<${previewBucketId}.Arn>/${previewsFolder}*]`,
      reason: "A preview deploy writes a whole built site under previews/ of the previews' own bucket, and nowhere else.",
    });
    // Only the previews' distribution: CloudFront cannot limit an invalidation's paths by policy, so the live one is out of reach.
    this.previewRole.addToPolicy(invalidationsOf(props.previewDistribution));
  }
}
