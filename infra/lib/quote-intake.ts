import { Aws, type CfnElement, CfnParameter, Duration, RemovalPolicy, Stack, Validations } from "aws-cdk-lib";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import * as origins from "aws-cdk-lib/aws-cloudfront-origins";
import * as iam from "aws-cdk-lib/aws-iam";
import * as kms from "aws-cdk-lib/aws-kms";
import * as lambda from "aws-cdk-lib/aws-lambda";
import * as s3 from "aws-cdk-lib/aws-s3";
import * as secretsmanager from "aws-cdk-lib/aws-secretsmanager";
import { Construct } from "constructs";
import { NodeFunction } from "./node-function";

/** The header CloudFront adds to every request for /api/quote*; the function refuses a request without it (src/quote/). */
export const originSecretHeader = "x-flightsite-origin-secret";

/** Where the intake writes quotes, and the only place it may write. */
export const quotesPrefix = "quotes/";

export interface QuoteIntakeProps {
  /** The bundled intake function: a folder holding index.mjs. */
  codeDirectory: string;
  /** The bundled rotation function of the origin secret (src/quote/rotate-origin-secret.ts). */
  rotationCodeDirectory: string;
  distribution: cloudfront.Distribution;
  /** The security headers of the site's other answers, for the pages the function answers a form post with. */
  responseHeadersPolicy: cloudfront.IResponseHeadersPolicy;
  /** The bucket the quotes bucket's access logs go to (under s3/quotes/). */
  accessLogs: s3.IBucket;
  /** How many quotes the function may handle at once; a bound on cost and on what a flood of posts can do. */
  reservedConcurrency?: number;
}

/**
 * The lead intake behind the site's own /api/quote: the quotes bucket (encrypted with a key of its own, access-logged),
 * the function that stores each quote there and does nothing else, its Function URL as the distribution's origin for
 * /api/quote*, and the secret header that only CloudFront sends, rotated every 30 days. QuoteRetentionDays is a stack
 * parameter.
 */
export class QuoteIntake extends Construct {
  readonly bucket: s3.Bucket;
  readonly key: kms.Key;
  readonly handler: lambda.Function;
  readonly url: lambda.FunctionUrl;
  readonly originSecret: secretsmanager.Secret;
  readonly rotation: lambda.Function;

  constructor(scope: Construct, id: string, props: QuoteIntakeProps) {
    super(scope, id);
    const stack = this.node.scope as Construct;
    const retentionDays = new CfnParameter(stack, "QuoteRetentionDays", {
      type: "Number",
      description: "Days a stored quote is kept before it is deleted",
      default: 365,
      minValue: 1,
    });

    this.key = new kms.Key(this, "QuotesKey", {
      description: "flightsite: encrypts the stored quotes and their notice markers",
      enableKeyRotation: true,
      // Deleting the key would make every stored quote unreadable: it outlives the stack, as the bucket does.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.bucket = new s3.Bucket(this, "Quotes", {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.KMS,
      encryptionKey: this.key,
      // One data key per bucket for a while rather than a KMS call per object.
      bucketKeyEnabled: true,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: "s3/quotes/",
      // A quote expires after the retention period; an expired or deleted quote's old version goes 30 days later.
      lifecycleRules: [{ expiration: Duration.days(retentionDays.valueAsNumber), noncurrentVersionExpiration: Duration.days(30) }],
      // The leads outlive the stack: deleting it must not delete them.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.originSecret = new secretsmanager.Secret(this, "OriginSecret", {
      description: `The ${originSecretHeader} header CloudFront sends the quote intake function`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });

    const intake = new NodeFunction(this, "Function", {
      description: "flightsite quote intake: stores each quote in S3 and answers the visitor",
      codeDirectory: props.codeDirectory,
      buildCommand: "npm run build:intake",
      // Under the form's own 10 s: a quote that could not be stored is answered by the function, not the form's timer.
      timeout: Duration.seconds(8),
      reservedConcurrentExecutions: props.reservedConcurrency ?? 10,
      environment: { QUOTES_BUCKET: this.bucket.bucketName, ORIGIN_SECRET_ARN: this.originSecret.secretArn },
    });
    this.handler = intake.function;
    // Put a new quote, and nothing else: no read, list or delete, so a leaked function cannot read or erase the leads.
    intake.role.addToPolicy(new iam.PolicyStatement({ actions: ["s3:PutObject"], resources: [this.bucket.arnForObjects(`${quotesPrefix}*`)] }));
    intake.role.addToPolicy(keyUseThroughS3(this.key, ["kms:GenerateDataKey"]));
    intake.role.addToPolicy(new iam.PolicyStatement({ actions: ["secretsmanager:GetSecretValue"], resources: [this.originSecret.secretArn] }));
    Validations.of(intake.role).acknowledge({
      id: objectsWildcard(this.bucket, `${quotesPrefix}*`),
      reason: "Each quote is a new object named by its date and case id: the function may only put objects under quotes/, no other action.",
    });

    // No IAM auth: Origin Access Control for a Function URL needs each POST body's SHA-256 in x-amz-content-sha256,
    // which a browser's plain form post cannot send. The origin secret keeps callers other than CloudFront out.
    this.url = this.handler.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.NONE });

    // What the receiver reads: the body's type, the page (Referer, else Origin), Sec-Fetch-Site and the browser;
    // never Host, which must stay the Function URL's own for it to answer.
    const forwarded = new cloudfront.OriginRequestPolicy(this, "Forwarded", {
      comment: "flightsite quote intake: what the receiver reads",
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList("Content-Type", "Referer", "Origin", "Sec-Fetch-Site", "User-Agent"),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.none(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
    });
    // The secret's value when the stack is deployed; the rotation function puts each new one in the distribution itself.
    const secretValue = this.originSecret.secretValue.unsafeUnwrap();
    props.distribution.addBehavior(
      "/api/quote*",
      new origins.FunctionUrlOrigin(this.url, { customHeaders: { [originSecretHeader]: secretValue }, readTimeout: Duration.seconds(10) }),
      {
        allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
        cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
        originRequestPolicy: forwarded,
        responseHeadersPolicy: props.responseHeadersPolicy,
        // A form post sent over plain HTTP would lose its body to a redirect: refuse it instead (the site is HTTPS only).
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
        compress: false,
      },
    );

    // The secret changes every 30 days: a new value, given to CloudFront once every intake instance can know it,
    // then made current (src/quote/rotate-origin-secret.ts). The intake accepts the current, pending and previous values.
    const rotation = new NodeFunction(this, "RotateOriginSecret", {
      description: "flightsite: rotates the origin secret CloudFront sends the quote intake",
      codeDirectory: props.rotationCodeDirectory,
      buildCommand: "the rotation bundle (infra/lib/rotation-code.ts)",
      // It waits out the intake's one-minute cache before CloudFront gets the new value.
      timeout: Duration.minutes(5),
      environment: { DISTRIBUTION_ID: props.distribution.distributionId, ORIGIN_SECRET_HEADER: originSecretHeader },
    });
    this.rotation = rotation.function;
    rotation.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ["cloudfront:GetDistributionConfig", "cloudfront:UpdateDistribution"],
        resources: [`arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/${props.distribution.distributionId}`],
      }),
    );
    // Not on every deploy: the secret is fresh when made, and a rotation racing a stack update of the distribution
    // would fail on its ETag.
    this.originSecret.addRotationSchedule("Rotation", { rotationLambda: this.rotation, automaticallyAfter: Duration.days(30), rotateImmediatelyOnUpdate: false });
    Validations.of(rotation.role).acknowledge({
      id: "AwsSolutions::AwsSolutions-IAM5[Resource::*]",
      reason: "secretsmanager:GetRandomPassword, which the CDK grants every rotation function, acts on no resource; the function makes its values with node:crypto.",
    });
  }
}

/** An IAM statement for a KMS key used only through S3 in this region (the quotes bucket's objects). */
export function keyUseThroughS3(key: kms.IKey, actions: string[]): iam.PolicyStatement {
  return new iam.PolicyStatement({
    actions,
    resources: [key.keyArn],
    conditions: { StringEquals: { "kms:ViaService": `s3.${Aws.REGION}.amazonaws.com` } },
  });
}

/** The cdk-nag finding for a wildcard on objects of a bucket made in this stack, as `acknowledge` names it. */
export function objectsWildcard(bucket: s3.Bucket, pattern: string): string {
  return `AwsSolutions::AwsSolutions-IAM5[Resource::<${Stack.of(bucket).getLogicalId(bucket.node.defaultChild as CfnElement)}.Arn>/${pattern}]`;
}
