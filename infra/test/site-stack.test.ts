// The hosting stack, synthesized locally (no AWS account, no Docker) and held to its promises with the CDK's
// assertions: what each resource is, and what it allows.
import { Match } from "aws-cdk-lib/assertions";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../lib/content-security-policy";
import { SiteStack } from "../lib/site-stack";
import { lambdaCode } from "./lambda-code";
import { env, idOf, synthesize } from "./site-template";
import { temporaryApp } from "./temporary-app";

describe("the site's stack", () => {
  const template = synthesize();
  const distribution = () => Object.values(template.findResources("AWS::CloudFront::Distribution"))[0]!.Properties.DistributionConfig;

  it("keeps the site in a private, versioned, encrypted, access-logged bucket that refuses plain HTTP", () => {
    template.resourceCountIs("AWS::S3::Bucket", 4); // the site's, the previews' (previews.test.ts), the quotes' (quote-intake.test.ts) and the access logs'
    const accessLogs = idOf(template, "AWS::S3::Bucket", "AccessLogs");
    expect(template.findResources("AWS::S3::Bucket")[idOf(template, "AWS::S3::Bucket", "SiteBucket")]!.Properties).toMatchObject({
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      VersioningConfiguration: { Status: "Enabled" },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: "AES256" } }] },
      LoggingConfiguration: { DestinationBucketName: { Ref: accessLogs }, LogFilePrefix: "s3/site/" },
    });
    template.hasResourceProperties("AWS::S3::BucketPolicy", {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } }),
          Match.objectLike({ Effect: "Allow", Principal: { Service: "cloudfront.amazonaws.com" }, Action: "s3:GetObject" }),
        ]),
      },
    });
    template.hasResource("AWS::S3::Bucket", { DeletionPolicy: "Retain" });
  });

  it("reaches the bucket through Origin Access Control, over HTTPS only, compressed", () => {
    template.hasResourceProperties("AWS::CloudFront::OriginAccessControl", {
      OriginAccessControlConfig: { OriginAccessControlOriginType: "s3", SigningBehavior: "always", SigningProtocol: "sigv4" },
    });
    const config = distribution();
    expect(config.Origins).toHaveLength(2); // the bucket, and the quote intake's Function URL (quote-intake.test.ts)
    expect(config.Origins[0].S3OriginConfig).toEqual({ OriginAccessIdentity: "" });
    expect(config.Origins[0].OriginAccessControlId).toBeDefined();
    expect(config.DefaultCacheBehavior).toMatchObject({ ViewerProtocolPolicy: "redirect-to-https", Compress: true, AllowedMethods: ["GET", "HEAD"] });
    expect(config.DefaultRootObject).toBe("index.html");
  });

  it("runs the viewer-request function from infra/functions on every request, on the cloudfront-js-2.0 runtime", () => {
    template.hasResourceProperties("AWS::CloudFront::Function", {
      AutoPublish: true,
      FunctionConfig: { Runtime: "cloudfront-js-2.0" },
      FunctionCode: Match.stringLikeRegexp("function handler\\(event\\)"),
    });
    expect(distribution().DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: "viewer-request", FunctionARN: { "Fn::GetAtt": [expect.stringMatching(/ViewerRequest/), "FunctionARN"] } },
    ]);
  });

  it("answers a missing object (403 from a private bucket, or 404) with the site's 404 page and status 404", () => {
    expect(distribution().CustomErrorResponses).toEqual([
      { ErrorCode: 403, ResponseCode: 404, ResponsePagePath: "/404.html", ErrorCachingMinTTL: 60 },
      { ErrorCode: 404, ResponseCode: 404, ResponsePagePath: "/404.html", ErrorCachingMinTTL: 60 },
    ]);
  });

  it("caches pages until the deploy invalidates them, assets for a year, and ignores queries and cookies", () => {
    template.hasResourceProperties("AWS::CloudFront::CachePolicy", {
      CachePolicyConfig: {
        MinTTL: 86400,
        DefaultTTL: 86400,
        MaxTTL: 31536000,
        ParametersInCacheKeyAndForwardedToOrigin: {
          EnableAcceptEncodingGzip: true,
          EnableAcceptEncodingBrotli: true,
          QueryStringsConfig: { QueryStringBehavior: "none" },
          CookiesConfig: { CookieBehavior: "none" },
          HeadersConfig: { HeaderBehavior: "none" },
        },
      },
    });
  });

  it("sends HSTS, nosniff, a referrer policy and the site's Content-Security-Policy with every answer", () => {
    template.hasResourceProperties("AWS::CloudFront::ResponseHeadersPolicy", {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: {
          StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true },
          ContentTypeOptions: { Override: true },
          ReferrerPolicy: { ReferrerPolicy: "strict-origin-when-cross-origin", Override: true },
          FrameOptions: { FrameOption: "DENY", Override: true },
          ContentSecurityPolicy: {
            ContentSecurityPolicy:
              "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
              "frame-src https://www.youtube-nocookie.com; connect-src 'self'; form-action 'self'; base-uri 'self'; " +
              "object-src 'none'; frame-ancestors 'none'",
            Override: true,
          },
        },
      },
    });
  });

  it("lets a quote endpoint elsewhere, and analytics when switched on, into the policy and nothing more", () => {
    expect(contentSecurityPolicy({ quoteEndpointOrigin: "https://quotes.example.com" })).toContain(
      "connect-src 'self' https://quotes.example.com; form-action 'self' https://quotes.example.com;",
    );
    const withAnalytics = contentSecurityPolicy({ analytics: true });
    expect(withAnalytics).toContain("script-src 'self' https://*.googletagmanager.com;");
    expect(withAnalytics).toContain("connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com;");
    const policy = synthesize({ policy: { quoteEndpointOrigin: "https://quotes.example.com" } }).findResources("AWS::CloudFront::ResponseHeadersPolicy");
    expect(JSON.stringify(policy)).toContain("form-action 'self' https://quotes.example.com");
  });

  it("lets only the repository's main branch assume the deploy role, through GitHub's OIDC provider", () => {
    template.hasResourceProperties("AWS::IAM::OIDCProvider", {
      Url: "https://token.actions.githubusercontent.com",
      ClientIdList: ["sts.amazonaws.com"],
    });
    template.hasResourceProperties("AWS::IAM::Role", {
      AssumeRolePolicyDocument: {
        Statement: [
          {
            Action: "sts:AssumeRoleWithWebIdentity",
            Effect: "Allow",
            Principal: { Federated: { Ref: Match.stringLikeRegexp("GithubOidc") } },
            Condition: {
              StringEquals: {
                "token.actions.githubusercontent.com:aud": "sts.amazonaws.com",
                "token.actions.githubusercontent.com:sub": "repo:acme/flightsite:ref:refs/heads/main",
              },
            },
          },
        ],
      },
    });
  });

  it("allows the deploy role only to write this bucket (not its previews/) and invalidate this distribution", () => {
    const role = Object.keys(template.findResources("AWS::IAM::Role")).find((id) => id.startsWith("DeployerRole"))!;
    const policies = Object.values(template.findResources("AWS::IAM::Policy")).filter((p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: role }]));
    expect(policies).toHaveLength(1);
    const bucket = Object.keys(template.findResources("AWS::S3::Bucket")).find((id) => id.startsWith("SiteBucket"))!;
    const distributionId = Object.keys(template.findResources("AWS::CloudFront::Distribution"))[0]!;
    expect(policies[0]!.Properties.PolicyDocument.Statement).toEqual([
      { Action: "s3:ListBucket", Effect: "Allow", Resource: { "Fn::GetAtt": [bucket, "Arn"] } },
      {
        Action: ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"],
        Effect: "Allow",
        Resource: { "Fn::Join": ["", [{ "Fn::GetAtt": [bucket, "Arn"] }, "/*"]] },
      },
      // Never the previews of pull requests (issue 27): infra/test/previews.test.ts.
      {
        Action: ["s3:PutObject", "s3:DeleteObject"],
        Effect: "Deny",
        Resource: { "Fn::Join": ["", [{ "Fn::GetAtt": [bucket, "Arn"] }, "/previews/*"]] },
      },
      {
        Action: ["cloudfront:CreateInvalidation", "cloudfront:GetInvalidation"],
        Effect: "Allow",
        Resource: { "Fn::Join": ["", ["arn:", { Ref: "AWS::Partition" }, ":cloudfront::123456789012:distribution/", { Ref: distributionId }]] },
      },
    ]);
  });

  it("uses an OIDC provider the account already has when given its ARN", () => {
    const arn = "arn:aws:iam::123456789012:oidc-provider/token.actions.githubusercontent.com";
    const existing = synthesize({ githubOidcProviderArn: arn });
    existing.resourceCountIs("AWS::IAM::OIDCProvider", 0);
    existing.hasResourceProperties("AWS::IAM::Role", {
      AssumeRolePolicyDocument: { Statement: [Match.objectLike({ Principal: { Federated: arn } })] },
    });
  });

  it("serves the site's own name with its certificate when given one", () => {
    const certificateArn = "arn:aws:acm:us-east-1:123456789012:certificate/abc";
    const config = Object.values(synthesize({ domain: { name: "www.example.com", certificateArn } }).findResources("AWS::CloudFront::Distribution"))[0]!
      .Properties.DistributionConfig;
    expect(config.Aliases).toEqual(["www.example.com"]);
    expect(config.ViewerCertificate).toMatchObject({ AcmCertificateArn: certificateArn, SslSupportMethod: "sni-only", MinimumProtocolVersion: "TLSv1.2_2021" });
  });

  it("keeps the access logs of both buckets and the distribution's standard logs a year, in a private bucket S3's logging may write to", () => {
    const accessLogs = idOf(template, "AWS::S3::Bucket", "AccessLogs");
    expect(template.findResources("AWS::S3::Bucket")[accessLogs]).toMatchObject({
      Properties: {
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: "AES256" } }] },
        OwnershipControls: { Rules: [{ ObjectOwnership: "BucketOwnerPreferred" }] },
        LifecycleConfiguration: { Rules: [{ ExpirationInDays: 365, NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: "Enabled" }] },
      },
      DeletionPolicy: "Retain",
    });
    template.hasResourceProperties("AWS::S3::BucketPolicy", {
      Bucket: { Ref: accessLogs },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: "Allow", Principal: { Service: "logging.s3.amazonaws.com" }, Action: "s3:PutObject" }),
        ]),
      },
    });
    const config = Object.values(template.findResources("AWS::CloudFront::Distribution"))[0]!.Properties.DistributionConfig;
    expect(config.Logging).toEqual({ Bucket: { "Fn::GetAtt": [accessLogs, "RegionalDomainName"] }, Prefix: "cloudfront/" });
  });

  it("must be deployed in us-east-1, where CloudFront's web ACL lives, and says so", () => {
    expect(() => new SiteStack(temporaryApp(), "Site", { env: { ...env, region: "eu-west-1" }, githubRepository: "acme/flightsite", code: lambdaCode })).toThrow(
      "the site's stack must be deployed in us-east-1 (got eu-west-1): CloudFront's web ACL can only be made there; bin/app.ts sets it",
    );
    expect(() => new SiteStack(temporaryApp(), "Site", { githubRepository: "acme/flightsite", code: lambdaCode })).toThrow("(got no region)");
  });

  it("names in its outputs the bucket, distribution, domain and role the publish workflow needs, and the queues the runbook uses", () => {
    expect(Object.keys(template.findOutputs("*")).sort()).toEqual([
      "AccessLogsBucket",
      "DeadLetterQueueArn",
      "DeployRoleArn",
      "NoticeQueueArn",
      "NoticeQueueUrl",
      "PreviewBucket",
      "PreviewDistributionId",
      "PreviewDomainName",
      "PreviewRoleArn",
      "QuotesBucket",
      "SiteBucket",
      "SiteDistributionId",
      "SiteDomainName",
    ]);
    template.hasOutput("SiteBucket", { Description: "repository variable SITE_BUCKET" });
    template.hasOutput("SiteDistributionId", { Description: "repository variable SITE_DISTRIBUTION_ID" });
    template.hasOutput("DeployRoleArn", { Description: "repository variable AWS_DEPLOY_ROLE_ARN" });
  });

  it("refuses a repository that is not owner/name, saying how to pass it", () => {
    expect(() => synthesize({ githubRepository: "" })).toThrow(
      'githubRepository must be "owner/name" (got ""); pass it as: npx cdk deploy -c githubRepository=owner/name',
    );
  });
});
