// cdk-nag on the synthesized stack (issue 25): no AWS Solutions finding left unacknowledged, each acknowledgement
// with its reason beside its resource, and the HIPAA Security findings that remain (infra/README.md says why each).
import { readFileSync } from "node:fs";
import path from "node:path";
import { type App, Validations } from "aws-cdk-lib";
import * as s3 from "aws-cdk-lib/aws-s3";
import { AwsSolutionsChecks, HIPAASecurityChecks } from "cdk-nag";
import { describe, expect, it } from "vitest";
import { SiteStack, type SiteStackProps } from "../lib/site-stack";
import { lambdaCode } from "./lambda-code";
import { env } from "./site-template";
import { temporaryApp } from "./temporary-app";

function stackIn(app: App, props: Partial<SiteStackProps> = {}): SiteStack {
  return new SiteStack(app, "Site", { env, githubRepository: "acme/flightsite", code: lambdaCode, ...props });
}

/**
 * Every finding left unacknowledged once the checks ran, errors and warnings, as "rule severity path", from the
 * report synthesis writes (it stops at an error, and goes on at a warning).
 */
function findingsOf(app: App, pack: "AwsSolutions" | "HIPAA.Security" = "AwsSolutions"): string[] {
  Validations.of(app).addPlugins(pack === "AwsSolutions" ? new AwsSolutionsChecks(app) : new HIPAASecurityChecks(app));
  try {
    app.synth();
  } catch (error) {
    if (!String(error).startsWith("ValidationFailed")) throw error;
  }
  const report: ValidationReport = JSON.parse(readFileSync(path.join(app.outdir, "validation-report.json"), "utf8"));
  return report.pluginReports
    .flatMap((plugin) => plugin.violations)
    .flatMap((v) => v.violatingConstructs.map((c) => `${v.ruleName} ${v.severity} ${c.constructPath}`))
    .sort();
}

interface ValidationReport {
  pluginReports: Array<{ pluginName: string; violations: Array<{ ruleName: string; severity: string; violatingConstructs: Array<{ constructPath: string }> }> }>;
}

// Each synthesis under the checks takes seconds, more when the machine is busy.
describe("the stack under cdk-nag", { timeout: 120_000 }, () => {
  it("has no unacknowledged AWS Solutions finding, on CloudFront's name", () => {
    const app = temporaryApp();
    stackIn(app);
    expect(findingsOf(app)).toEqual([]);
  });

  it("has no unacknowledged AWS Solutions finding on the site's own name either", () => {
    const certificateArn = "arn:aws:acm:us-east-1:123456789012:certificate/abc";
    const app = temporaryApp();
    stackIn(app, { domain: { name: "www.example.com", certificateArn } });
    expect(findingsOf(app)).toEqual([]);
  });

  it("stops the synthesis at a finding nobody acknowledged", () => {
    const app = temporaryApp();
    new s3.Bucket(stackIn(app), "Unlogged", { enforceSSL: true });
    expect(findingsOf(app)).toEqual(["AwsSolutions-S1 error Site/Unlogged/Resource"]);
  });

  it("gives a reason beside every acknowledgement", () => {
    const stack = stackIn(temporaryApp());
    const acknowledged = stack.node
      .findAll()
      .flatMap((c) => c.node.metadata.filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY).map((m) => m.data as Record<string, string>));
    const reasons = acknowledged.flatMap((data) => Object.entries(data));
    expect(reasons.length).toBeGreaterThanOrEqual(9);
    for (const [id, reason] of reasons) expect(reason.length, id).toBeGreaterThan(40);
  });

  it("leaves only the HIPAA Security findings infra/README.md explains", () => {
    const app = temporaryApp();
    stackIn(app);
    const counts: Record<string, number> = {};
    for (const finding of findingsOf(app, "HIPAA.Security")) {
      const rule = finding.split(" ")[0]!;
      counts[rule] = (counts[rule] ?? 0) + 1;
    }
    expect(counts).toEqual({
      "HIPAA.Security-CloudWatchLogGroupEncrypted": 5,
      "HIPAA.Security-IAMNoInlinePolicy": 7,
      "HIPAA.Security-LambdaConcurrency": 3,
      "HIPAA.Security-LambdaDLQ": 4,
      "HIPAA.Security-LambdaFunctionPublicAccessProhibited": 2,
      "HIPAA.Security-LambdaInsideVPC": 4,
      "HIPAA.Security-S3BucketReplicationEnabled": 4,
      "HIPAA.Security-S3DefaultEncryptionKMS": 3,
      "HIPAA.Security-SecretsManagerUsingKMSKey": 1,
    });
  });
});
