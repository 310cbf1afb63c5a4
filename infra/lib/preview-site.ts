import path from "node:path";
import { fileURLToPath } from "node:url";
import { Duration, RemovalPolicy, Validations } from "aws-cdk-lib";
import * as acm from "aws-cdk-lib/aws-certificatemanager";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import * as origins from "aws-cdk-lib/aws-cloudfront-origins";
import * as s3 from "aws-cdk-lib/aws-s3";
import { Construct } from "constructs";
import { contentSecurityPolicy, type ContentSecurityPolicyOptions } from "./content-security-policy";

/** Where a missing page of any preview is answered from: written by the preview workflow (infra/preview-404.html). */
export const preview404Key = "previews/404.html";

export interface PreviewSiteProps {
  /** Sources the Content-Security-Policy allows beyond the preview's own origin (the live site's). */
  policy?: ContentSecurityPolicyOptions;
  /** The previews' own address (`previews.example.com`) and its certificate in us-east-1; without them, the cloudfront.net name. */
  domain?: { name: string; certificateArn: string };
  /** Where the bucket's access logs (s3/previews/) and the distribution's standard logs (cloudfront-previews/) go. */
  accessLogs: s3.IBucket;
}

/**
 * The previews of pull requests, on an origin of their own (issue 36): their own private bucket, which only this
 * distribution reads (Origin Access Control), and their own distribution on their own hostname, one path per pull
 * request (`/previews/pr-42/`). A preview's HTML and JavaScript never share the live site's origin (its cookies, its
 * storage, its quote intake, which refuses posts from any origin but the live site's); every answer says noindex;
 * a missing page gets the previews' own 404 page (`preview404Key`), which names no form. No /api/quote behaviour:
 * nothing posts here.
 */
export class PreviewSite extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: PreviewSiteProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, "Bucket", {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Versioned as the live bucket is, but an old version of a preview's file is kept a week only: a preview is
      // rebuilt from its pull request at will.
      versioned: true,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(7) }],
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: "s3/previews/",
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const viewerRequest = new cloudfront.Function(this, "ViewerRequest", {
      code: cloudfront.FunctionCode.fromFile({ filePath: viewerRequestFile }),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: "previews: /x to /x/ (301), /x/ to /x/index.html",
    });
    // The live site's security headers and Content-Security-Policy, and noindex on every answer, pages and files alike.
    const headers = new cloudfront.ResponseHeadersPolicy(this, "Headers", {
      comment: "the site's headers, and noindex: previews of pull requests are for reviewers only",
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(props.policy), override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      },
      customHeadersBehavior: { customHeaders: [{ header: "X-Robots-Tag", value: "noindex", override: true }] },
    });
    // Each deploy of a preview invalidates what it changed; a minute at most elsewhere (a preview changes often).
    const cache = new cloudfront.CachePolicy(this, "Cache", {
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.minutes(1),
      maxTtl: Duration.days(365),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    this.distribution = new cloudfront.Distribution(this, "Distribution", {
      comment: "flightsite previews of pull requests",
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: "cloudfront-previews/",
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      ...(props.domain
        ? {
            domainNames: [props.domain.name],
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
            certificate: acm.Certificate.fromCertificateArn(this, "Certificate", props.domain.certificateArn),
          }
        : {}),
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        compress: true,
        cachePolicy: cache,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: viewerRequest, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      // A missing object (403 from a private bucket) is the previews' own 404 page: never the live site's, whose form sends.
      errorResponses: [403, 404].map((httpStatus) => ({ httpStatus, responseHttpStatus: 404, responsePagePath: `/${preview404Key}`, ttl: Duration.seconds(10) })),
    });
    Validations.of(this.distribution).acknowledge({
      id: "AwsSolutions::AwsSolutions-CFR1",
      reason: "Reviewers of pull requests work from wherever they are: no country is refused, as for the live site.",
    });
    Validations.of(this.distribution).acknowledge({
      id: "AwsSolutions::AwsSolutions-CFR2",
      reason: "Previews serve static files to reviewers only (noindex, nothing posts to them): no web ACL, whose rules guard the live site's quote intake.",
    });
    if (!props.domain) {
      Validations.of(this.distribution).acknowledge({
        id: "AwsSolutions::AwsSolutions-CFR4",
        reason: "Without the previews' own name the distribution answers with CloudFront's default *.cloudfront.net certificate, whose minimum TLS version cannot be set; with previewDomainName and previewCertificateArn it is TLS 1.2.",
      });
    }
  }
}

// --- internal ---

const viewerRequestFile = path.join(path.dirname(fileURLToPath(import.meta.url)), "../functions/viewer-request.js");
