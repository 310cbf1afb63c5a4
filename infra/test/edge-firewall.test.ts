// The distribution's web ACL (issue 25): quote posts limited per IP address, AWS's common rules without the body size
// rule that a long form post could trip, and a log of what it blocked.
import { describe, expect, it } from "vitest";
import { distributionConfig, idOf, synthesize } from "./site-template";

const template = synthesize();
const acl = idOf(template, "AWS::WAFv2::WebACL", "FirewallWebAcl");
const rules = template.findResources("AWS::WAFv2::WebACL")[acl]!.Properties.Rules as Array<Record<string, any>>;

describe("the web ACL in front of the distribution", () => {
  it("is a CloudFront web ACL that lets through what no rule blocks, attached to the distribution", () => {
    template.hasResourceProperties("AWS::WAFv2::WebACL", { Scope: "CLOUDFRONT", DefaultAction: { Allow: {} } });
    expect(distributionConfig(template).WebACLId).toEqual({ "Fn::GetAtt": [acl, "Arn"] });
  });

  it("takes the rate limit as a stack parameter, 10 by default and never under WAF's minimum of 10", () => {
    template.hasParameter("QuoteRateLimit", { Type: "Number", Default: 10, MinValue: 10 });
  });

  it("blocks an IP address's quote posts over the limit in 5 minutes with a 429, counting only POSTs to /api/quote*", () => {
    const rule = rules.find((r) => r.Name === "QuotePostsPerIp")!;
    expect(rule.Priority).toBe(0);
    expect(rule.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: "TooManyQuotes" } } });
    expect(rule.Statement.RateBasedStatement).toEqual({
      Limit: { Ref: "QuoteRateLimit" },
      EvaluationWindowSec: 300,
      AggregateKeyType: "IP",
      ScopeDownStatement: {
        AndStatement: {
          Statements: [
            { ByteMatchStatement: { SearchString: "/api/quote", FieldToMatch: { UriPath: {} }, PositionalConstraint: "STARTS_WITH", TextTransformations: [{ Priority: 0, Type: "NONE" }] } },
            { ByteMatchStatement: { SearchString: "POST", FieldToMatch: { Method: {} }, PositionalConstraint: "EXACTLY", TextTransformations: [{ Priority: 0, Type: "NONE" }] } },
          ],
        },
      },
    });
    const body = template.findResources("AWS::WAFv2::WebACL")[acl]!.Properties.CustomResponseBodies.TooManyQuotes;
    expect(body).toEqual({ ContentType: "TEXT_PLAIN", Content: expect.stringContaining("Please call us") });
  });

  it("applies AWS's common rule set, its body size rule only counting (the intake caps bodies at 16 KB itself)", () => {
    const rule = rules.find((r) => r.Name === "AwsCommonRules")!;
    expect(rule.Priority).toBe(1);
    expect(rule.OverrideAction).toEqual({ None: {} });
    expect(rule.Statement.ManagedRuleGroupStatement).toEqual({
      VendorName: "AWS",
      Name: "AWSManagedRulesCommonRuleSet",
      RuleActionOverrides: [{ Name: "SizeRestrictions_BODY", ActionToUse: { Count: {} } }],
    });
    expect(rules).toHaveLength(2);
  });

  it("logs what it blocked or counted, three months, and nothing it let through", () => {
    const group = idOf(template, "AWS::Logs::LogGroup", "FirewallLogs");
    template.hasResourceProperties("AWS::Logs::LogGroup", { LogGroupName: "aws-waf-logs-Site", RetentionInDays: 90 });
    template.hasResourceProperties("AWS::WAFv2::LoggingConfiguration", {
      ResourceArn: { "Fn::GetAtt": [acl, "Arn"] },
      LogDestinationConfigs: [{ "Fn::Join": ["", ["arn:", { Ref: "AWS::Partition" }, ":logs:us-east-1:123456789012:log-group:", { Ref: group }]] }],
      LoggingFilter: {
        DefaultBehavior: "DROP",
        Filters: [{ Behavior: "KEEP", Requirement: "MEETS_ANY", Conditions: [{ ActionCondition: { Action: "BLOCK" } }, { ActionCondition: { Action: "COUNT" } }] }],
      },
    });
  });
});
