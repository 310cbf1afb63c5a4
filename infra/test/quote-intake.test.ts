// The quote intake in the stack (issues 13 and 25): the function that only stores quotes, its Function URL behind
// CloudFront's /api/quote* with a rotated origin secret, and the quotes bucket with its own KMS key.
import { describe, expect, it } from "vitest";
import { originSecretHeader as checkedHeader } from "../../src/quote/app";
import { originSecretHeader } from "../lib/quote-intake";
import { SiteStack } from "../lib/site-stack";
import { lambdaCode } from "./lambda-code";
import { distributionConfig, env, idOf, objectsOf, statementsOf, synthesize } from "./site-template";
import { temporaryApp } from "./temporary-app";

const template = synthesize();
const bucket = idOf(template, "AWS::S3::Bucket", "IntakeQuotes");
const key = idOf(template, "AWS::KMS::Key", "IntakeQuotesKey");
const secret = idOf(template, "AWS::SecretsManager::Secret", "IntakeOriginSecret");
const secretValue = { "Fn::Join": ["", ["{{resolve:secretsmanager:", { Ref: secret }, ":SecretString:::}}"]] };
const viaS3 = { StringEquals: { "kms:ViaService": { "Fn::Join": ["", ["s3.", { Ref: "AWS::Region" }, ".amazonaws.com"]] } } };

describe("the quote intake in the stack", () => {
  it("asks for the retention period as a stack parameter", () => {
    template.hasParameter("QuoteRetentionDays", { Type: "Number", Default: 365, MinValue: 1 });
  });

  it("runs the intake on Node 24 with a bounded concurrency, told only its bucket and its secret", () => {
    template.hasResourceProperties("AWS::Lambda::Function", {
      Runtime: "nodejs24.x",
      Handler: "index.handler",
      Timeout: 8,
      ReservedConcurrentExecutions: 10,
      Environment: { Variables: { QUOTES_BUCKET: { Ref: bucket }, ORIGIN_SECRET_ARN: { Ref: secret } } },
    });
  });

  it("runs every function of the stack on Node 22 or later", () => {
    const runtimes = Object.values(template.findResources("AWS::Lambda::Function")).map((f) => f.Properties.Runtime as string);
    expect(runtimes.length).toBeGreaterThanOrEqual(4);
    for (const runtime of runtimes) {
      if (runtime.startsWith("python")) continue; // the CDK's own bucket-notifications function (infra/README.md)
      expect(Number(/^nodejs(\d+)\.x$/.exec(runtime)?.[1]), runtime).toBeGreaterThanOrEqual(22);
    }
  });

  it("keeps the quotes in a private, versioned bucket encrypted with a rotated key of its own, access-logged, outliving the stack", () => {
    template.hasResource("AWS::S3::Bucket", {
      Properties: {
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [
            { BucketKeyEnabled: true, ServerSideEncryptionByDefault: { SSEAlgorithm: "aws:kms", KMSMasterKeyID: { "Fn::GetAtt": [key, "Arn"] } } },
          ],
        },
        VersioningConfiguration: { Status: "Enabled" },
        LoggingConfiguration: { DestinationBucketName: { Ref: idOf(template, "AWS::S3::Bucket", "AccessLogs") }, LogFilePrefix: "s3/quotes/" },
        LifecycleConfiguration: { Rules: [{ ExpirationInDays: { Ref: "QuoteRetentionDays" }, NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: "Enabled" }] },
      },
      DeletionPolicy: "Retain",
    });
    template.hasResource("AWS::KMS::Key", { Properties: { EnableKeyRotation: true }, DeletionPolicy: "Retain" });
    expect(template.findResources("AWS::KMS::Key")[key]!.Properties.EnableKeyRotation).toBe(true);
  });

  it("lets the intake only put objects under quotes/: no read, list or delete, and the key only through S3", () => {
    expect(statementsOf(template, "IntakeFunctionRole")).toEqual([
      { Action: ["logs:CreateLogStream", "logs:PutLogEvents"], Effect: "Allow", Resource: { "Fn::GetAtt": [idOf(template, "AWS::Logs::LogGroup", "IntakeFunctionLogs"), "Arn"] } },
      { Action: "s3:PutObject", Effect: "Allow", Resource: objectsOf(bucket, "quotes/") },
      { Action: "kms:GenerateDataKey", Effect: "Allow", Resource: { "Fn::GetAtt": [key, "Arn"] }, Condition: viaS3 },
      { Action: "secretsmanager:GetSecretValue", Effect: "Allow", Resource: { Ref: secret } },
    ]);
    const role = template.findResources("AWS::IAM::Role")[idOf(template, "AWS::IAM::Role", "IntakeFunctionRole")]!;
    expect(role.Properties.ManagedPolicyArns, "no AWS managed policy").toBeUndefined();
  });

  it("sends /api/quote* to the Function URL with the secret header, POST allowed, nothing cached, Host not forwarded", () => {
    template.hasResourceProperties("AWS::Lambda::Url", { AuthType: "NONE" });
    template.hasResourceProperties("AWS::SecretsManager::Secret", { GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true } });
    expect(originSecretHeader).toBe(checkedHeader);
    const config = distributionConfig(template);
    const behaviour = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === "/api/quote*");
    expect(behaviour).toMatchObject({
      AllowedMethods: expect.arrayContaining(["POST", "OPTIONS", "GET", "HEAD"]),
      CachePolicyId: "4135ea2d-6df8-44a3-9df3-4b5a84be39ad", // the managed CachingDisabled policy
      ViewerProtocolPolicy: "https-only",
      ResponseHeadersPolicyId: { Ref: idOf(template, "AWS::CloudFront::ResponseHeadersPolicy", "SiteHeaders") },
    });
    expect(behaviour.FunctionAssociations, "the viewer-request function's /x → /x/ is not for the intake").toBeUndefined();
    const origin = config.Origins.find((o: { Id: string }) => o.Id === behaviour.TargetOriginId);
    expect(origin.DomainName).toEqual({
      "Fn::Select": [2, { "Fn::Split": ["/", { "Fn::GetAtt": [idOf(template, "AWS::Lambda::Url", "IntakeFunction"), "FunctionUrl"] }] }],
    });
    expect(origin.OriginCustomHeaders).toEqual([{ HeaderName: "x-flightsite-origin-secret", HeaderValue: secretValue }]);
    template.hasResourceProperties("AWS::CloudFront::OriginRequestPolicy", {
      OriginRequestPolicyConfig: {
        HeadersConfig: { HeaderBehavior: "whitelist", Headers: ["Content-Type", "Referer", "Origin", "Sec-Fetch-Site", "User-Agent"] },
        QueryStringsConfig: { QueryStringBehavior: "none" },
        CookiesConfig: { CookieBehavior: "none" },
      },
    });
    expect(behaviour.OriginRequestPolicyId).toEqual({ Ref: idOf(template, "AWS::CloudFront::OriginRequestPolicy", "IntakeForwarded") });
  });

  it("rotates the origin secret every 30 days with a function that may change only this distribution", () => {
    const rotation = idOf(template, "AWS::Lambda::Function", "IntakeRotateOriginSecret");
    template.hasResourceProperties("AWS::SecretsManager::RotationSchedule", {
      SecretId: { Ref: secret },
      RotationLambdaARN: { "Fn::GetAtt": [rotation, "Arn"] },
      RotationRules: { ScheduleExpression: "rate(30 days)" },
      RotateImmediatelyOnUpdate: false,
    });
    const distribution = Object.keys(template.findResources("AWS::CloudFront::Distribution"))[0]!;
    template.hasResourceProperties("AWS::Lambda::Function", {
      Runtime: "nodejs24.x",
      Timeout: 300,
      Environment: { Variables: { DISTRIBUTION_ID: { Ref: distribution }, ORIGIN_SECRET_HEADER: "x-flightsite-origin-secret" } },
    });
    expect(statementsOf(template, "IntakeRotateOriginSecretRole")).toEqual(
      expect.arrayContaining([
        {
          Action: ["cloudfront:GetDistributionConfig", "cloudfront:UpdateDistribution"],
          Effect: "Allow",
          Resource: { "Fn::Join": ["", ["arn:", { Ref: "AWS::Partition" }, ":cloudfront::", { Ref: "AWS::AccountId" }, ":distribution/", { Ref: distribution }]] },
        },
        {
          Action: ["secretsmanager:DescribeSecret", "secretsmanager:GetSecretValue", "secretsmanager:PutSecretValue", "secretsmanager:UpdateSecretVersionStage"],
          Effect: "Allow",
          Resource: { Ref: secret },
        },
      ]),
    );
    template.hasResourceProperties("AWS::Lambda::Permission", {
      FunctionName: { "Fn::GetAtt": [rotation, "Arn"] },
      Principal: "secretsmanager.amazonaws.com",
      Action: "lambda:InvokeFunction",
    });
  });

  it("names the quotes bucket in its outputs", () => {
    template.hasOutput("QuotesBucket", { Value: { Ref: bucket } });
  });

  it("refuses to synthesize without a bundled function, saying how to build it", () => {
    expect(() => new SiteStack(temporaryApp(), "Site", { env, githubRepository: "acme/flightsite", code: { ...lambdaCode, intake: "/nowhere/intake" } })).toThrow(
      "/nowhere/intake holds no index.mjs: run npm run build:intake first (bin/app.ts does it before every synth)",
    );
  });

  it("has no scheduled retry of e-mails any more: the only schedule is the daily reconciliation", () => {
    const rules = Object.values(template.findResources("AWS::Events::Rule"));
    expect(rules.map((r) => r.Properties.ScheduleExpression)).toEqual(["cron(0 12 * * ? *)"]);
    expect(JSON.stringify(rules)).not.toContain("notify-pending");
  });
});
