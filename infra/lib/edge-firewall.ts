import { ArnFormat, CfnParameter, RemovalPolicy, Stack } from "aws-cdk-lib";
import * as logs from "aws-cdk-lib/aws-logs";
import * as wafv2 from "aws-cdk-lib/aws-wafv2";
import { Construct } from "constructs";

/** WAF's smallest rate limit: it counts at least 10 requests in a window before it blocks. */
export const minimumRateLimit = 10;
/** The window the quote posts are counted over (WAF allows 60, 120, 300 or 600 seconds). */
export const rateWindowSeconds = 300;

/**
 * The distribution's web ACL (AWS WAF, scope CLOUDFRONT, so it lives in us-east-1 with the stack): quote posts
 * limited per IP address (QuoteRateLimit, a stack parameter), then AWS's managed common rule set, with its request
 * body size rule only counting, since the intake refuses bodies over 16 KB itself and a long message typed in
 * another alphabet can pass 8 KB once form-encoded.
 */
export class EdgeFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const limit = new CfnParameter(Stack.of(this), "QuoteRateLimit", {
      type: "Number",
      description: `Quote posts one IP address may send in ${rateWindowSeconds / 60} minutes before AWS WAF blocks its next ones (WAF's minimum is ${minimumRateLimit})`,
      default: 10,
      minValue: minimumRateLimit,
      maxValue: 2_000_000_000,
    });
    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true });
    const exactly = (searchString: string, fieldToMatch: wafv2.CfnWebACL.FieldToMatchProperty, positionalConstraint: string) => ({
      byteMatchStatement: { searchString, fieldToMatch, positionalConstraint, textTransformations: [{ priority: 0, type: "NONE" }] },
    });

    this.webAcl = new wafv2.CfnWebACL(this, "WebAcl", {
      scope: "CLOUDFRONT",
      description: "flightsite: quote posts per IP address, and the AWS common rule set",
      defaultAction: { allow: {} },
      visibilityConfig: visibility("flightsite"),
      customResponseBodies: {
        TooManyQuotes: {
          contentType: "TEXT_PLAIN",
          content: "Too many quote requests came from your network in the last few minutes. Please call us, or try again later.",
        },
      },
      rules: [
        {
          name: "QuotePostsPerIp",
          priority: 0,
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: "TooManyQuotes" } } },
          statement: {
            rateBasedStatement: {
              limit: limit.valueAsNumber,
              evaluationWindowSec: rateWindowSeconds,
              aggregateKeyType: "IP",
              // Only posts to the intake count: pages, assets and the form's own GETs never do.
              scopeDownStatement: {
                andStatement: {
                  statements: [exactly("/api/quote", { uriPath: {} }, "STARTS_WITH"), exactly("POST", { method: {} }, "EXACTLY")],
                },
              },
            },
          },
          visibilityConfig: visibility("QuotePostsPerIp"),
        },
        {
          name: "AwsCommonRules",
          priority: 1,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: "AWS",
              name: "AWSManagedRulesCommonRuleSet",
              ruleActionOverrides: [{ name: "SizeRestrictions_BODY", actionToUse: { count: {} } }],
            },
          },
          visibilityConfig: visibility("AwsCommonRules"),
        },
      ],
    });

    // What WAF blocked or counted, to tell an attack from a false alarm; requests it let through are not kept.
    this.logGroup = new logs.LogGroup(this, "Logs", {
      // WAF writes only to log groups whose names start so.
      logGroupName: `aws-waf-logs-${Stack.of(this).stackName}`,
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new wafv2.CfnLoggingConfiguration(this, "Logging", {
      resourceArn: this.webAcl.attrArn,
      // WAF wants the group's ARN without the ":*" that CloudFormation's Arn attribute ends with.
      logDestinationConfigs: [
        Stack.of(this).formatArn({ service: "logs", resource: "log-group", resourceName: this.logGroup.logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME }),
      ],
      loggingFilter: {
        DefaultBehavior: "DROP",
        Filters: [
          {
            Behavior: "KEEP",
            Requirement: "MEETS_ANY",
            Conditions: [{ ActionCondition: { Action: "BLOCK" } }, { ActionCondition: { Action: "COUNT" } }],
          },
        ],
      },
    });
  }
}
