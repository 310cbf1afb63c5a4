// The app's stack as bin/app.ts makes it: settings from the context, us-east-1, cdk-nag on every synth (issue 25).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { App } from "aws-cdk-lib";
import { afterAll, describe, expect, it } from "vitest";
import { createSiteStack } from "../lib/site-app";
import { lambdaCode } from "./lambda-code";

const folder = mkdtempSync(path.join(os.tmpdir(), "flightsite-app-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let apps = 0;
const appWith = (context: Record<string, string>) => new App({ outdir: path.join(folder, String(++apps)), context });

describe("the app", { timeout: 120_000 }, () => {
  it("makes the stack in us-east-1 from its context and runs the AWS Solutions checks when it synthesizes", () => {
    const app = appWith({ githubRepository: "acme/flightsite", stackName: "Flightsite" });
    const stack = createSiteStack(app, lambdaCode, "123456789012");
    expect(stack.stackName).toBe("Flightsite");
    expect(stack.region).toBe("us-east-1");
    app.synth();
    const report = JSON.parse(readFileSync(path.join(app.outdir, "validation-report.json"), "utf8"));
    expect(report.pluginReports.map((r: { pluginName: string; conclusion: string }) => [r.pluginName, r.conclusion])).toContainEqual(["AwsSolutions", "success"]);
  });

  it("refuses a domain name without its certificate", () => {
    expect(() => createSiteStack(appWith({ githubRepository: "acme/flightsite", domainName: "www.example.com" }), lambdaCode, "123456789012")).toThrow(
      "domainName and certificateArn go together: pass both (-c domainName=… -c certificateArn=…) or neither",
    );
  });
});
