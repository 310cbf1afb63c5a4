import { existsSync } from "node:fs";
import path from "node:path";
import { Aws, CfnParameter, Duration, Fn, RemovalPolicy } from "aws-cdk-lib";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import * as origins from "aws-cdk-lib/aws-cloudfront-origins";
import * as events from "aws-cdk-lib/aws-events";
import * as targets from "aws-cdk-lib/aws-events-targets";
import * as iam from "aws-cdk-lib/aws-iam";
import * as lambda from "aws-cdk-lib/aws-lambda";
import * as logs from "aws-cdk-lib/aws-logs";
import * as s3 from "aws-cdk-lib/aws-s3";
import * as secretsmanager from "aws-cdk-lib/aws-secretsmanager";
import { Construct } from "constructs";

/** The header CloudFront adds to every request for /api/quote*; the function refuses a request without it (src/quote/app.ts). */
export const originSecretHeader = "x-flightsite-origin-secret";

export interface QuoteIntakeProps {
  /** The folder `npm run build:intake` wrote: build/intake, holding index.mjs. */
  codeDirectory: string;
  distribution: cloudfront.Distribution;
  /** The security headers of the site's other answers, for the pages the function answers a form post with. */
  responseHeadersPolicy: cloudfront.IResponseHeadersPolicy;
  /** How many quotes the function may handle at once; a bound on cost and on what a flood of posts can do. */
  reservedConcurrency?: number;
}

/**
 * The lead intake behind the site's own /api/quote (src/quote/README.md): the function, its Function URL as the
 * distribution's origin for /api/quote* (guarded by a generated secret header that only CloudFront sends), the
 * private quotes bucket, SES permission for one sender, and a schedule that sends e-mails that failed before.
 * NotifyTo, NotifyFrom and QuoteRetentionDays are stack parameters.
 */
export class QuoteIntake extends Construct {
  readonly bucket: s3.Bucket;
  readonly handler: lambda.Function;
  readonly url: lambda.FunctionUrl;

  constructor(scope: Construct, id: string, props: QuoteIntakeProps) {
    super(scope, id);
    if (!existsSync(path.join(props.codeDirectory, "index.mjs"))) {
      throw new Error(`${props.codeDirectory} holds no index.mjs: run npm run build:intake first (bin/app.ts does it before every synth)`);
    }
    const stack = this.node.scope as Construct;
    const notifyTo = new CfnParameter(stack, "NotifyTo", {
      type: "String",
      description: "The coordinators' e-mail addresses, comma-separated: each quote is mailed to them",
      minLength: 3,
    });
    const notifyFrom = new CfnParameter(stack, "NotifyFrom", {
      type: "String",
      description: "The address the quote e-mails come from: verified in SES, as an address or with its whole domain",
      allowedPattern: "^[^@\\s]+@[^@\\s]+$",
      constraintDescription: "must be an e-mail address, like quotes@example.com",
    });
    const retentionDays = new CfnParameter(stack, "QuoteRetentionDays", {
      type: "Number",
      description: "Days a stored quote is kept before it is deleted",
      default: 365,
      minValue: 1,
    });

    this.bucket = new s3.Bucket(this, "Quotes", {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      // A quote expires after the retention period; an expired or deleted quote's old version goes 30 days later.
      lifecycleRules: [{ expiration: Duration.days(retentionDays.valueAsNumber), noncurrentVersionExpiration: Duration.days(30) }],
      // The leads outlive the stack: deleting it must not delete them.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Generated once and kept: CloudFront sends it, the function checks it, so the Function URL is no way around.
    const secret = new secretsmanager.Secret(this, "OriginSecret", {
      description: `The ${originSecretHeader} header CloudFront sends the quote intake function`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    const secretValue = secret.secretValue.unsafeUnwrap();

    this.handler = new lambda.Function(this, "Function", {
      description: "flightsite quote intake: stores each quote in S3, then mails the coordinators",
      // Node 24, which Lambda supports until 2028. Node 20 ended in April 2026, and Lambda's schedule stops the creation
      // of functions on it from 31 August 2026 (updates a month later): a first deploy on it would fail. The bundle's
      // syntax stays Node 20's, so that the tests run it here.
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      handler: "index.handler",
      code: lambda.Code.fromAsset(props.codeDirectory),
      memorySize: 256,
      // Under the form's own 10 s: a quote that could not be stored is answered by the function, not the form's timer.
      timeout: Duration.seconds(8),
      reservedConcurrentExecutions: props.reservedConcurrency ?? 10,
      environment: {
        QUOTES_BUCKET: this.bucket.bucketName,
        NOTIFY_TO: notifyTo.valueAsString,
        NOTIFY_FROM: notifyFrom.valueAsString,
        QUOTE_RETENTION_DAYS: retentionDays.valueAsString,
        ORIGIN_SECRET: secretValue,
      },
      logGroup: new logs.LogGroup(this, "Logs", { retention: logs.RetentionDays.THREE_MONTHS, removalPolicy: RemovalPolicy.DESTROY }),
    });
    this.handler.addToRolePolicy(new iam.PolicyStatement({ actions: ["s3:ListBucket"], resources: [this.bucket.bucketArn] }));
    this.handler.addToRolePolicy(
      new iam.PolicyStatement({ actions: ["s3:PutObject", "s3:GetObject", "s3:DeleteObject"], resources: [this.bucket.arnForObjects("*")] }),
    );
    // One sender: its address's identity, or its domain's when the whole domain is verified; only as that From.
    const senderDomain = Fn.select(1, Fn.split("@", notifyFrom.valueAsString));
    const identity = (name: string) => `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity/${name}`;
    this.handler.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ["ses:SendEmail"],
        resources: [identity(notifyFrom.valueAsString), identity(senderDomain)],
        conditions: { StringEquals: { "ses:FromAddress": notifyFrom.valueAsString } },
      }),
    );

    this.url = this.handler.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.NONE });

    // What the receiver reads: the body's type, the page (Referer, else Origin) and the browser; never Host, which
    // must stay the Function URL's own for it to answer.
    const forwarded = new cloudfront.OriginRequestPolicy(this, "Forwarded", {
      comment: "flightsite quote intake: what the receiver reads",
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList("Content-Type", "Referer", "Origin", "User-Agent"),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.none(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
    });
    props.distribution.addBehavior("/api/quote*", new origins.FunctionUrlOrigin(this.url, { customHeaders: { [originSecretHeader]: secretValue }, readTimeout: Duration.seconds(10) }), {
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: forwarded,
      responseHeadersPolicy: props.responseHeadersPolicy,
      // A form post sent over plain HTTP would lose its body to a redirect: refuse it instead (the site is HTTPS only).
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      compress: false,
    });

    // E-mails SES refused are sent again every 15 minutes, even when no new quote arrives (src/quote/intake.ts).
    new events.Rule(this, "RetryEmails", {
      description: "flightsite quote intake: send the e-mails that failed before",
      schedule: events.Schedule.rate(Duration.minutes(15)),
      targets: [new targets.LambdaFunction(this.handler, { event: events.RuleTargetInput.fromObject({ retry: "notify-pending" }) })],
    });
  }
}
