// The quote intake in the stack (issue 13), synthesized locally with the function npm run build:intake bundled:
// the function, its Function URL behind CloudFront's /api/quote*, the quotes bucket, and what each may do.
import { Match, Template } from "aws-cdk-lib/assertions";
import { describe, expect, it } from "vitest";
import { originSecretHeader as checkedHeader } from "../../src/quote/app";
import { originSecretHeader } from "../lib/quote-intake";
import { SiteStack } from "../lib/site-stack";
import { intakeCode } from "./intake-code";
import { temporaryApp } from "./temporary-app";

const env = { account: "123456789012", region: "us-east-1" };
const code = await intakeCode();
const template = Template.fromStack(new SiteStack(temporaryApp(), "Site", { env, githubRepository: "acme/flightsite", intakeCode: code }));

const idOf = (type: string, prefix: string) => Object.keys(template.findResources(type)).find((id) => id.startsWith(prefix))!;
const distribution = () => Object.values(template.findResources("AWS::CloudFront::Distribution"))[0]!.Properties.DistributionConfig;
const secretValue = { "Fn::Join": ["", ["{{resolve:secretsmanager:", { Ref: idOf("AWS::SecretsManager::Secret", "IntakeOriginSecret") }, ":SecretString:::}}"]] };

describe("the quote intake in the stack", () => {
  it("asks for the coordinators' addresses, the sender and the retention period as stack parameters", () => {
    template.hasParameter("NotifyTo", { Type: "String", MinLength: 3 });
    template.hasParameter("NotifyFrom", { Type: "String", AllowedPattern: "^[^@\\s]+@[^@\\s]+$" });
    template.hasParameter("QuoteRetentionDays", { Type: "Number", Default: 365, MinValue: 1 });
  });

  it("runs the bundled function on Node 24 with a bounded concurrency, configured by its environment", () => {
    template.hasResourceProperties("AWS::Lambda::Function", {
      Runtime: "nodejs24.x",
      Handler: "index.handler",
      Timeout: 8,
      ReservedConcurrentExecutions: 10,
      Environment: {
        Variables: {
          QUOTES_BUCKET: { Ref: idOf("AWS::S3::Bucket", "IntakeQuotes") },
          NOTIFY_TO: { Ref: "NotifyTo" },
          NOTIFY_FROM: { Ref: "NotifyFrom" },
          QUOTE_RETENTION_DAYS: { Ref: "QuoteRetentionDays" },
          ORIGIN_SECRET: secretValue,
        },
      },
    });
  });

  it("keeps the quotes in a private, encrypted, versioned bucket that outlives the stack and expires them after the retention period", () => {
    template.hasResource("AWS::S3::Bucket", {
      Properties: {
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: "AES256" } }] },
        VersioningConfiguration: { Status: "Enabled" },
        LifecycleConfiguration: { Rules: [{ ExpirationInDays: { Ref: "QuoteRetentionDays" }, NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: "Enabled" }] },
      },
      DeletionPolicy: "Retain",
    });
  });

  it("sends /api/quote* to the Function URL with the generated secret header, POST allowed, nothing cached, Host not forwarded", () => {
    template.hasResourceProperties("AWS::Lambda::Url", { AuthType: "NONE" });
    template.hasResourceProperties("AWS::SecretsManager::Secret", { GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true } });
    expect(originSecretHeader).toBe(checkedHeader);
    const config = distribution();
    const behaviour = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === "/api/quote*");
    expect(behaviour).toMatchObject({
      AllowedMethods: expect.arrayContaining(["POST", "OPTIONS", "GET", "HEAD"]),
      CachePolicyId: "4135ea2d-6df8-44a3-9df3-4b5a84be39ad", // the managed CachingDisabled policy
      ViewerProtocolPolicy: "https-only",
      ResponseHeadersPolicyId: { Ref: idOf("AWS::CloudFront::ResponseHeadersPolicy", "SiteHeaders") },
    });
    expect(behaviour.FunctionAssociations, "the viewer-request function's /x → /x/ is not for the intake").toBeUndefined();
    const origin = config.Origins.find((o: { Id: string }) => o.Id === behaviour.TargetOriginId);
    expect(origin.DomainName).toEqual({ "Fn::Select": [2, { "Fn::Split": ["/", { "Fn::GetAtt": [idOf("AWS::Lambda::Url", "IntakeFunctionFunctionUrl"), "FunctionUrl"] }] }] });
    expect(origin.OriginCustomHeaders).toEqual([{ HeaderName: "x-flightsite-origin-secret", HeaderValue: secretValue }]);
    template.hasResourceProperties("AWS::CloudFront::OriginRequestPolicy", {
      OriginRequestPolicyConfig: {
        HeadersConfig: { HeaderBehavior: "whitelist", Headers: ["Content-Type", "Referer", "Origin", "User-Agent"] },
        QueryStringsConfig: { QueryStringBehavior: "none" },
        CookiesConfig: { CookieBehavior: "none" },
      },
    });
    expect(behaviour.OriginRequestPolicyId).toEqual({ Ref: idOf("AWS::CloudFront::OriginRequestPolicy", "IntakeForwarded") });
  });

  it("lets the function only keep and read quotes in its bucket and mail as the one sender", () => {
    const bucket = idOf("AWS::S3::Bucket", "IntakeQuotes");
    const role = idOf("AWS::IAM::Role", "IntakeFunctionServiceRole");
    const policies = Object.values(template.findResources("AWS::IAM::Policy")).filter((p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: role }]));
    expect(policies).toHaveLength(1);
    const identity = (name: unknown) => ({
      "Fn::Join": ["", ["arn:", { Ref: "AWS::Partition" }, ":ses:", { Ref: "AWS::Region" }, ":", { Ref: "AWS::AccountId" }, ":identity/", name]],
    });
    expect(policies[0]!.Properties.PolicyDocument.Statement).toEqual([
      { Action: "s3:ListBucket", Effect: "Allow", Resource: { "Fn::GetAtt": [bucket, "Arn"] } },
      { Action: ["s3:PutObject", "s3:GetObject", "s3:DeleteObject"], Effect: "Allow", Resource: { "Fn::Join": ["", [{ "Fn::GetAtt": [bucket, "Arn"] }, "/*"]] } },
      {
        Action: "ses:SendEmail",
        Effect: "Allow",
        Condition: { StringEquals: { "ses:FromAddress": { Ref: "NotifyFrom" } } },
        Resource: [identity({ Ref: "NotifyFrom" }), identity({ "Fn::Select": [1, { "Fn::Split": ["@", { Ref: "NotifyFrom" }] }] })],
      },
    ]);
  });

  it("invokes the function every 15 minutes to send the e-mails that failed before", () => {
    template.hasResourceProperties("AWS::Events::Rule", {
      ScheduleExpression: "rate(15 minutes)",
      Targets: [Match.objectLike({ Arn: { "Fn::GetAtt": [idOf("AWS::Lambda::Function", "IntakeFunction"), "Arn"] }, Input: '{"retry":"notify-pending"}' })],
    });
  });

  it("names the quotes bucket in its outputs", () => {
    template.hasOutput("QuotesBucket", { Value: { Ref: idOf("AWS::S3::Bucket", "IntakeQuotes") } });
  });

  it("refuses to synthesize without the bundled function, saying how to build it", () => {
    expect(() => new SiteStack(temporaryApp(), "Site", { env, githubRepository: "acme/flightsite", intakeCode: "/nowhere/intake" })).toThrow(
      "/nowhere/intake holds no index.mjs: run npm run build:intake first (bin/app.ts does it before every synth)",
    );
  });
});
