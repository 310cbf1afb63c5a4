// How a stored quote reaches the coordinators (issue 25): the bucket's event → the queue (a dead-letter queue after 5
// receives) → the notifier → SES, and the daily reconciliation; what each function may do.
import { Match } from "aws-cdk-lib/assertions";
import { describe, expect, it } from "vitest";
import { idOf, objectsOf, statementsOf, synthesize } from "./site-template";

const template = synthesize();
const bucket = idOf(template, "AWS::S3::Bucket", "IntakeQuotes");
const key = idOf(template, "AWS::KMS::Key", "IntakeQuotesKey");
const queue = idOf(template, "AWS::SQS::Queue", "DeliveryNotices");
const deadLetters = idOf(template, "AWS::SQS::Queue", "DeliveryDeadLetters");
const notifier = idOf(template, "AWS::Lambda::Function", "DeliveryNotifier");
const reconcile = idOf(template, "AWS::Lambda::Function", "DeliveryReconcile");
const configurationSet = idOf(template, "AWS::SES::ConfigurationSet", "DeliveryMail");
const viaS3 = { StringEquals: { "kms:ViaService": { "Fn::Join": ["", ["s3.", { Ref: "AWS::Region" }, ".amazonaws.com"]] } } };
const logsOf = (prefix: string) => ({
  Action: ["logs:CreateLogStream", "logs:PutLogEvents"],
  Effect: "Allow",
  Resource: { "Fn::GetAtt": [idOf(template, "AWS::Logs::LogGroup", prefix), "Arn"] },
});

describe("the quotes' way to the coordinators", () => {
  it("asks for the coordinators' addresses and the sender as stack parameters", () => {
    template.hasParameter("NotifyTo", { Type: "String", MinLength: 3 });
    template.hasParameter("NotifyFrom", { Type: "String", AllowedPattern: "^[^@\\s]+@[^@\\s]+$" });
  });

  it("announces every quotes/….json the bucket stores to the queue, and only those", () => {
    template.hasResourceProperties("Custom::S3BucketNotifications", {
      BucketName: { Ref: bucket },
      NotificationConfiguration: {
        QueueConfigurations: [
          {
            Events: ["s3:ObjectCreated:*"],
            Filter: { Key: { FilterRules: [{ Name: "suffix", Value: ".json" }, { Name: "prefix", Value: "quotes/" }] } },
            QueueArn: { "Fn::GetAtt": [queue, "Arn"] },
          },
        ],
      },
    });
  });

  it("lets only S3, for this bucket of this account, send to the queue, over TLS", () => {
    const policy = Object.values(template.findResources("AWS::SQS::QueuePolicy")).find((p) => JSON.stringify(p.Properties.Queues) === JSON.stringify([{ Ref: queue }]))!;
    expect(policy.Properties.PolicyDocument.Statement).toEqual([
      expect.objectContaining({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } }),
      {
        Action: "sqs:SendMessage",
        Effect: "Allow",
        Principal: { Service: "s3.amazonaws.com" },
        Resource: { "Fn::GetAtt": [queue, "Arn"] },
        Condition: { ArnEquals: { "aws:SourceArn": { "Fn::GetAtt": [bucket, "Arn"] } }, StringEquals: { "aws:SourceAccount": { Ref: "AWS::AccountId" } } },
      },
    ]);
  });

  it("encrypts both queues, hands a notice out again after six notifier timeouts, and moves it to the dead-letter queue after 5 receives", () => {
    expect(template.findResources("AWS::SQS::Queue")[queue]!.Properties).toEqual({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 180,
      MessageRetentionPeriod: 4 * 24 * 3600,
      RedrivePolicy: { deadLetterTargetArn: { "Fn::GetAtt": [deadLetters, "Arn"] }, maxReceiveCount: 5 },
    });
    expect(template.findResources("AWS::SQS::Queue")[deadLetters]!.Properties).toEqual({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    template.hasResourceProperties("AWS::Lambda::Function", { FunctionName: Match.absent(), Timeout: 30, Environment: Match.objectLike({ Variables: Match.objectLike({ NOTIFY_TO: { Ref: "NotifyTo" } }) }) });
  });

  it("runs the notifier on the queue in batches of up to 10, reporting each failed message, two at a time at most", () => {
    template.hasResourceProperties("AWS::Lambda::EventSourceMapping", {
      FunctionName: { Ref: notifier },
      EventSourceArn: { "Fn::GetAtt": [queue, "Arn"] },
      BatchSize: 10,
      FunctionResponseTypes: ["ReportBatchItemFailures"],
      ScalingConfig: { MaximumConcurrency: 2 },
    });
    template.hasResourceProperties("AWS::Lambda::Function", {
      Runtime: "nodejs24.x",
      Timeout: 30,
      Environment: {
        Variables: {
          QUOTES_BUCKET: { Ref: bucket },
          NOTIFY_TO: { Ref: "NotifyTo" },
          NOTIFY_FROM: { Ref: "NotifyFrom" },
          SES_CONFIGURATION_SET: { Ref: configurationSet },
          NOTICE_QUEUE_URL: { Ref: queue },
          SES_SEND_RATE: { Ref: "SesSendRate" },
          NOTIFIER_CONCURRENCY: "2",
          URGENT_TEXT_ORIGINATION: { Ref: "UrgentTextOrigination" },
        },
      },
    });
    template.hasParameter("SesSendRate", { Type: "Number", Default: 1, MinValue: 1 });
    template.hasParameter("UrgentTextOrigination", { Type: "String", Default: "" });
    template.hasResourceProperties("AWS::Logs::MetricFilter", {
      FilterPattern: '{ $.outcome = "text failed" }',
      MetricTransformations: [{ MetricNamespace: "Flightsite", MetricName: "UrgentTextFailures", MetricValue: "1" }],
    });
  });

  it("lets the notifier read quotes, keep its markers under notified/, take notices off the queue and mail as the one sender", () => {
    const identity = (name: unknown) => ({
      "Fn::Join": ["", ["arn:", { Ref: "AWS::Partition" }, ":ses:", { Ref: "AWS::Region" }, ":", { Ref: "AWS::AccountId" }, ":identity/", name]],
    });
    expect(statementsOf(template, "DeliveryNotifierRole")).toEqual([
      logsOf("DeliveryNotifierLogs"),
      {
        Action: ["sqs:ReceiveMessage", "sqs:ChangeMessageVisibility", "sqs:GetQueueUrl", "sqs:DeleteMessage", "sqs:GetQueueAttributes"],
        Effect: "Allow",
        Resource: { "Fn::GetAtt": [queue, "Arn"] },
      },
      // Issue 39: urgent texts from the one origination identity (none while it is empty).
      {
        Action: "sms-voice:SendTextMessage",
        Effect: "Allow",
        Resource: {
          "Fn::If": [
            "UrgentTexting",
            { Ref: "UrgentTextOrigination" },
            { "Fn::Join": ["", ["arn:", { Ref: "AWS::Partition" }, ":sms-voice:", { Ref: "AWS::Region" }, ":", { Ref: "AWS::AccountId" }, ":phone-number/none"]] },
          ],
        },
      },
      // Issue 39: a throttled notice goes back on its own queue.
      { Action: "sqs:SendMessage", Effect: "Allow", Resource: { "Fn::GetAtt": [queue, "Arn"] } },
      { Action: "s3:GetObject", Effect: "Allow", Resource: objectsOf(bucket, "quotes/") },
      { Action: ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"], Effect: "Allow", Resource: objectsOf(bucket, "notified/") },
      { Action: ["kms:Decrypt", "kms:GenerateDataKey"], Effect: "Allow", Resource: { "Fn::GetAtt": [key, "Arn"] }, Condition: viaS3 },
      {
        Action: "ses:SendEmail",
        Effect: "Allow",
        Condition: { StringEquals: { "ses:FromAddress": { Ref: "NotifyFrom" } } },
        Resource: [
          identity({ Ref: "NotifyFrom" }),
          identity({ "Fn::Select": [1, { "Fn::Split": ["@", { Ref: "NotifyFrom" }] }] }),
          { "Fn::Join": ["", ["arn:", { Ref: "AWS::Partition" }, ":ses:", { Ref: "AWS::Region" }, ":", { Ref: "AWS::AccountId" }, ":configuration-set/", { Ref: configurationSet }]] },
        ],
      },
    ]);
  });

  it("sends through a configuration set that requires TLS and publishes bounces and complaints to CloudWatch", () => {
    template.hasResourceProperties("AWS::SES::ConfigurationSet", { DeliveryOptions: { TlsPolicy: "REQUIRE" } });
    template.hasResourceProperties("AWS::SES::ConfigurationSetEventDestination", {
      ConfigurationSetName: { Ref: configurationSet },
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: Match.arrayWith(["bounce", "complaint"]),
        CloudWatchDestination: {
          DimensionConfigurations: [{ DimensionName: "ConfigurationSet", DimensionValueSource: "messageTag", DefaultDimensionValue: { Ref: configurationSet } }],
        },
      },
    });
  });

  it("runs the reconciliation daily, which may list quotes/ and notified/ and read only the markers", () => {
    template.hasResourceProperties("AWS::Events::Rule", {
      ScheduleExpression: "cron(0 12 * * ? *)",
      State: "ENABLED",
      Targets: [Match.objectLike({ Arn: { "Fn::GetAtt": [reconcile, "Arn"] } })],
    });
    expect(template.findResources("AWS::Lambda::Function")[reconcile]!.Properties.Environment).toEqual({ Variables: { QUOTES_BUCKET: { Ref: bucket } } });
    expect(statementsOf(template, "DeliveryReconcileRole")).toEqual([
      logsOf("DeliveryReconcileLogs"),
      {
        Action: "s3:ListBucket",
        Effect: "Allow",
        Resource: { "Fn::GetAtt": [bucket, "Arn"] },
        Condition: { StringLike: { "s3:prefix": ["quotes/*", "notified/*"] } },
      },
      { Action: "s3:GetObject", Effect: "Allow", Resource: objectsOf(bucket, "notified/") },
      { Action: "kms:Decrypt", Effect: "Allow", Resource: { "Fn::GetAtt": [key, "Arn"] }, Condition: viaS3 },
    ]);
  });

  it("gives no role but the notifier's any delete under quotes/ or notified/, and only the notifier and reconciliation reads", () => {
    const policies = Object.entries(template.findResources("AWS::IAM::Policy"));
    for (const [id, policy] of policies) {
      for (const statement of policy.Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown }>) {
        const actions = [statement.Action].flat();
        const onQuotes = JSON.stringify(statement.Resource).includes(`"${bucket}"`);
        if (!onQuotes) continue;
        if (actions.includes("s3:DeleteObject")) expect(id, "only the notifier deletes, and only its markers").toMatch(/^DeliveryNotifierRole/);
        if (actions.includes("s3:GetObject")) expect(id).toMatch(/^Delivery(Notifier|Reconcile)Role/);
      }
    }
  });
});
