// cdk-nag's AWS Solutions checks on the synthesized stack (issue 25): no finding left unacknowledged, and each
// acknowledgement beside its resource with a reason.
import { Validations } from "aws-cdk-lib";
import { AwsSolutionsChecks, HIPAASecurityChecks } from "cdk-nag";
import { describe, expect, it } from "vitest";
import { SiteStack } from "../lib/site-stack";
import { lambdaCode } from "./lambda-code";
import { temporaryApp } from "./temporary-app";

const env = { account: "123456789012", region: "us-east-1" };

function findings(plugin: "aws" | "hipaa"): string {
  const app = temporaryApp();
  new SiteStack(app, "Site", { env, githubRepository: "acme/flightsite", code: lambdaCode });
  Validations.of(app).addPlugins(plugin === "aws" ? new AwsSolutionsChecks(app) : new HIPAASecurityChecks(app));
  try {
    app.synth();
    return "";
  } catch (error) {
    return String(error);
  }
}

describe("the stack under cdk-nag", () => {
  it("has no unacknowledged AWS Solutions finding", () => {
    expect(findings("aws")).toBe("");
  });
  it("hipaa", () => {
    console.log(findings("hipaa"));
  });
});
