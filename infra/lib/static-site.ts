import path from "node:path";
import { fileURLToPath } from "node:url";
import { Duration, RemovalPolicy, Validations } from "aws-cdk-lib";
import * as acm from "aws-cdk-lib/aws-certificatemanager";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import * as origins from "aws-cdk-lib/aws-cloudfront-origins";
import * as iam from "aws-cdk-lib/aws-iam";
import * as s3 from "aws-cdk-lib/aws-s3";
import { Construct } from "constructs";
import { contentSecurityPolicy, type ContentSecurityPolicyOptions } from "./content-security-policy";

export interface StaticSiteProps {
  /** Sources the Content-Security-Policy allows beyond the site's own origin. */
  policy?: ContentSecurityPolicyOptions;
  /** The site's own address (`www.example.com`) and its certificate in us-east-1; without them, the cloudfront.net name. */
  domain?: { name: string; certificateArn: string };
  /** Where the bucket's access logs (s3/site/) and the distribution's standard logs (cloudfront/) go. */
  accessLogs: s3.IBucket;
  /** The web ACL (AWS WAF, scope CLOUDFRONT) in front of the distribution: its ARN. */
  webAclArn?: string;
}

/**
 * The hosting of the built site: a private, versioned, encrypted bucket that only CloudFront reads (Origin Access
 * Control), and a distribution that serves it over HTTPS with the addresses of S3 website hosting (the viewer-request
 * function), the site's 404 page, compression and the security headers. More behaviours (the quote intake's
 * `/api/quote*`) are added to `distribution` by the stack.
 */
export class StaticSite extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** The security headers and Content-Security-Policy of every answer, for behaviours the stack adds. */
  readonly headers: cloudfront.ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: StaticSiteProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, "Bucket", {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      // Old versions of replaced pages are kept a month, for a rollback by hand, then go.
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: "s3/site/",
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const viewerRequest = new cloudfront.Function(this, "ViewerRequest", {
      code: cloudfront.FunctionCode.fromFile({ filePath: viewerRequestFile }),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: "/x to /x/ (301), /x/ to /x/index.html",
    });

    const securityHeadersBehavior: cloudfront.ResponseSecurityHeadersBehavior = {
      contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(props.policy), override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
      contentTypeOptions: { override: true },
      referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
    };
    const headers = (this.headers = new cloudfront.ResponseHeadersPolicy(this, "Headers", { securityHeadersBehavior }));
    // Previews of pull requests live on an origin of their own (PreviewSite, issue 36). Should an object under
    // previews/ ever reach this bucket (a preview from before), the live distribution may not read it.
    this.bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        effect: iam.Effect.DENY,
        principals: [new iam.ServicePrincipal("cloudfront.amazonaws.com")],
        actions: ["s3:GetObject"],
        resources: [this.bucket.arnForObjects("previews/*")],
      }),
    );

    // Pages are stored with "Cache-Control: no-cache" so browsers revalidate them; CloudFront keeps them (a day at
    // least) until `flightsite deploy --distribution` invalidates what changed. Content-hashed assets: a year.
    const cache = new cloudfront.CachePolicy(this, "Cache", {
      minTtl: Duration.days(1),
      defaultTtl: Duration.days(1),
      maxTtl: Duration.days(365),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    const origin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);
    const siteBehavior: cloudfront.BehaviorOptions = {
      origin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      compress: true,
      cachePolicy: cache,
      responseHeadersPolicy: headers,
      functionAssociations: [{ function: viewerRequest, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
    };
    this.distribution = new cloudfront.Distribution(this, "Distribution", {
      comment: "flightsite",
      defaultRootObject: "index.html",
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: "cloudfront/",
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      ...(props.domain
        ? {
            domainNames: [props.domain.name],
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
            certificate: acm.Certificate.fromCertificateArn(this, "Certificate", props.domain.certificateArn),
          }
        : {}),
      defaultBehavior: siteBehavior,
      // A missing object is a 403 from a private bucket (CloudFront may not list it): both are the site's 404 page.
      // Error responses belong to the whole distribution, so a missing /es/… page gets the English one: the viewer-request function runs before the bucket answers, so it
      // cannot see the miss and pick es/404.html, and a Lambda@Edge origin-response function would be one more thing
      // to deploy in us-east-1 and keep working. Instead /404.html carries the Spanish 404's words, hidden, and the
      // page's script shows them under /es/ (client/language-not-found.ts, docs/i18n-pages.md).
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 404,
        responsePagePath: "/404.html",
        ttl: Duration.seconds(60),
      })),
    });
    Validations.of(this.distribution).acknowledge({
      id: "AwsSolutions::AwsSolutions-CFR1",
      reason: "Patients and their families reach the site from wherever they are, travelling or abroad for treatment: no country is refused.",
    });
    if (!props.domain) {
      Validations.of(this.distribution).acknowledge({
        id: "AwsSolutions::AwsSolutions-CFR4",
        reason: "Without the site's own name the distribution answers with CloudFront's default *.cloudfront.net certificate, whose minimum TLS version cannot be set; with domainName and certificateArn it is TLS 1.2.",
      });
    }
  }
}

// --- internal ---

const viewerRequestFile = path.join(path.dirname(fileURLToPath(import.meta.url)), "../functions/viewer-request.js");
