import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Token, Validations } from "aws-cdk-lib";
import * as s3 from "aws-cdk-lib/aws-s3";
import type { Construct } from "constructs";
import type { ContentSecurityPolicyOptions } from "./content-security-policy";
import { EdgeFirewall } from "./edge-firewall";
import { GithubDeployRole } from "./github-deploy-role";
import { QuoteAlarms } from "./quote-alarms";
import { QuoteDelivery } from "./quote-delivery";
import { QuoteIntake } from "./quote-intake";
import { PreviewSite } from "./preview-site";
import { StaticSite } from "./static-site";

/** The stack's one region: a CloudFront web ACL, CloudFront's certificates and its metrics all live there. */
export const stackRegion = "us-east-1";

/** The bundled functions: each a folder holding index.mjs, which exports `handler`. */
export interface LambdaCode {
  intake: string;
  notifier: string;
  reconcile: string;
  /** The origin secret's rotation (src/quote/rotate-origin-secret.ts, bundled by infra/lib/rotation-code.ts). */
  rotateOriginSecret: string;
}

export interface SiteStackProps extends StackProps {
  /** "owner/name" of the GitHub repository whose main branch publishes the site. */
  githubRepository: string;
  githubOidcProviderArn?: string;
  domain?: { name: string; certificateArn: string };
  /** The previews' own address (`previews.example.com`) and its certificate in us-east-1. */
  previewDomain?: { name: string; certificateArn: string };
  policy?: ContentSecurityPolicyOptions;
  code: LambdaCode;
}

/**
 * Everything the public site runs on, in us-east-1: the hosting (StaticSite) behind a web ACL (EdgeFirewall), the
 * quote intake behind /api/quote (QuoteIntake), the quotes' way to the coordinators (QuoteDelivery) and the alarms
 * that say when it fails (QuoteAlarms), one bucket of access logs, and the role CI deploys with. Its outputs are what
 * the publish workflow and the owner need, each named after where it goes.
 */
export class SiteStack extends Stack {
  readonly site: StaticSite;
  readonly previews: PreviewSite;
  readonly intake: QuoteIntake;
  readonly delivery: QuoteDelivery;
  readonly alarms: QuoteAlarms;
  readonly firewall: EdgeFirewall;

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    if (!/^[\w.-]+\/[\w.-]+$/.test(props.githubRepository)) {
      throw new Error(
        `githubRepository must be "owner/name" (got "${props.githubRepository}"); pass it as: npx cdk deploy -c githubRepository=owner/name`,
      );
    }
    if (Token.isUnresolved(this.region) || this.region !== stackRegion) {
      throw new Error(
        `the site's stack must be deployed in ${stackRegion} (got ${Token.isUnresolved(this.region) ? "no region" : this.region}): CloudFront's web ACL can only be made there; bin/app.ts sets it`,
      );
    }
    // Access logs are delivered by a bucket policy for S3's logging service rather than by the old log-delivery ACL.
    this.node.setContext("@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy", true);

    const accessLogs = new s3.Bucket(this, "AccessLogs", {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      // S3's access logs can only be delivered to a bucket encrypted with S3's own keys.
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront's standard logs are written with an ACL granting the bucket's owner the files.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      // Kept a year; a log file deleted or overwritten stays 30 days as an old version.
      versioned: true,
      lifecycleRules: [{ expiration: Duration.days(365), noncurrentVersionExpiration: Duration.days(30) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(accessLogs).acknowledge({
      id: "AwsSolutions::AwsSolutions-S1",
      reason: "This is the bucket the access logs go to; logging its own access into itself would log every log delivery.",
    });

    this.firewall = new EdgeFirewall(this, "Firewall");
    this.site = new StaticSite(this, "Site", { policy: props.policy, domain: props.domain, accessLogs, webAclArn: this.firewall.webAcl.attrArn });
    this.previews = new PreviewSite(this, "Previews", { policy: props.policy, domain: props.previewDomain, accessLogs });
    this.intake = new QuoteIntake(this, "Intake", {
      codeDirectory: props.code.intake,
      rotationCodeDirectory: props.code.rotateOriginSecret,
      distribution: this.site.distribution,
      responseHeadersPolicy: this.site.headers,
      accessLogs,
    });
    this.delivery = new QuoteDelivery(this, "Delivery", {
      bucket: this.intake.bucket,
      key: this.intake.key,
      notifierCodeDirectory: props.code.notifier,
      reconcileCodeDirectory: props.code.reconcile,
    });
    this.alarms = new QuoteAlarms(this, "Alarms", {
      intake: this.intake.handler,
      notifier: this.delivery.notifier,
      reconcile: this.delivery.reconcile,
      rotation: this.intake.rotation,
      queue: this.delivery.queue,
      deadLetters: this.delivery.deadLetters,
      configurationSet: this.delivery.configurationSet,
    });
    acknowledgeBucketNotificationsHandler(this);

    const deployer = new GithubDeployRole(this, "Deployer", {
      repository: props.githubRepository,
      oidcProviderArn: props.githubOidcProviderArn,
      bucket: this.site.bucket,
      distribution: this.site.distribution,
      previewBucket: this.previews.bucket,
      previewDistribution: this.previews.distribution,
    });
    new CfnOutput(this, "SiteBucket", { value: this.site.bucket.bucketName, description: "repository variable SITE_BUCKET" });
    new CfnOutput(this, "SiteDistributionId", { value: this.site.distribution.distributionId, description: "repository variable SITE_DISTRIBUTION_ID" });
    new CfnOutput(this, "SiteDomainName", { value: this.site.distribution.distributionDomainName, description: "where the site answers; point your DNS name at it" });
    new CfnOutput(this, "DeployRoleArn", { value: deployer.role.roleArn, description: "repository variable AWS_DEPLOY_ROLE_ARN" });
    new CfnOutput(this, "PreviewRoleArn", { value: deployer.previewRole.roleArn, description: "repository variable AWS_PREVIEW_ROLE_ARN" });
    new CfnOutput(this, "PreviewBucket", { value: this.previews.bucket.bucketName, description: "repository variable PREVIEW_BUCKET" });
    new CfnOutput(this, "PreviewDistributionId", { value: this.previews.distribution.distributionId, description: "repository variable PREVIEW_DISTRIBUTION_ID" });
    new CfnOutput(this, "PreviewDomainName", { value: this.previews.distribution.distributionDomainName, description: "where the previews answer; point the previews' DNS name at it" });
    new CfnOutput(this, "QuotesBucket", { value: this.intake.bucket.bucketName, description: "where the quotes are stored (README: Where quotes go)" });
    new CfnOutput(this, "NoticeQueueArn", { value: this.delivery.queue.queueArn, description: "the queue of quote notices (infra/README.md: redriving dead letters)" });
    new CfnOutput(this, "NoticeQueueUrl", { value: this.delivery.queue.queueUrl, description: "where flightsite leads resend puts a notice again (docs/leads.md)" });
    new CfnOutput(this, "DeadLetterQueueArn", { value: this.delivery.deadLetters.queueArn, description: "notices that failed 5 times (infra/README.md: Dead letters)" });
    new CfnOutput(this, "AccessLogsBucket", { value: accessLogs.bucketName, description: "S3 access logs (s3/) and CloudFront's standard logs (cloudfront/)" });
  }
}

// --- internal ---

/**
 * The CDK puts a bucket's event notifications in place through a function of its own (a custom resource:
 * CloudFormation cannot make the queue's policy and the bucket's notification in the right order) and a role of its
 * own making.
 */
function acknowledgeBucketNotificationsHandler(stack: Stack): void {
  const handler = stack.node.tryFindChild("BucketNotificationsHandler050a0587b7544547bf325f094a3db834");
  if (!handler) return;
  Validations.of(handler).acknowledge({
    id: "AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]",
    reason: "The CDK's own function that sets the quotes bucket's event notification at deploy time writes its logs through AWS's basic execution policy, on a role the CDK makes.",
  });
}
