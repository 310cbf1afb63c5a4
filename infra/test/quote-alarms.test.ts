// The alarms that tell the owner a quote may not reach the coordinators (issue 25), mailed through one SNS topic.
import { describe, expect, it } from "vitest";
import { idOf, synthesize } from "./site-template";

const template = synthesize();
const topic = idOf(template, "AWS::SNS::Topic", "AlarmsTopic");
const alarms = template.findResources("AWS::CloudWatch::Alarm");
const alarm = (prefix: string) => alarms[idOf(template, "AWS::CloudWatch::Alarm", prefix)]!.Properties;
const fn = (prefix: string) => ({ Ref: idOf(template, "AWS::Lambda::Function", prefix) });

describe("the alarms", () => {
  it("mail the owner's address, a stack parameter, through an encrypted topic that takes only TLS", () => {
    template.hasParameter("AlarmEmail", { Type: "String", AllowedPattern: "^[^@\\s]+@[^@\\s]+$" });
    template.hasResourceProperties("AWS::SNS::Subscription", { Protocol: "email", Endpoint: { Ref: "AlarmEmail" }, TopicArn: { Ref: topic } });
    const key = idOf(template, "AWS::KMS::Key", "AlarmsKey");
    template.hasResourceProperties("AWS::SNS::Topic", { KmsMasterKeyId: { "Fn::GetAtt": [key, "Arn"] } });
    const keyPolicy = template.findResources("AWS::KMS::Key")[key]!.Properties;
    expect(keyPolicy.EnableKeyRotation).toBe(true);
    expect(keyPolicy.KeyPolicy.Statement).toContainEqual({
      Action: ["kms:Decrypt", "kms:GenerateDataKey*"],
      Effect: "Allow",
      Principal: { Service: "cloudwatch.amazonaws.com" },
      Resource: "*",
      // Issue 39: this account's alarms only.
      Condition: { StringEquals: { "aws:SourceAccount": { Ref: "AWS::AccountId" } } },
    });
    const topicPolicy = Object.values(template.findResources("AWS::SNS::TopicPolicy"))[0]!.Properties;
    expect(topicPolicy.Topics).toEqual([{ Ref: topic }]);
    expect(topicPolicy.PolicyDocument.Statement).toEqual([expect.objectContaining({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } })]);
  });

  it("send every alarm, and its clearing, to the topic", () => {
    expect(Object.keys(alarms)).toHaveLength(15);
    for (const { Properties } of Object.values(alarms)) {
      expect(Properties.AlarmActions).toEqual([{ Ref: topic }]);
      expect(Properties.OKActions).toEqual([{ Ref: topic }]);
      expect(Properties).toMatchObject({ EvaluationPeriods: 1, ComparisonOperator: "GreaterThanOrEqualToThreshold" });
    }
  });

  it("go off when the dead-letter queue holds a notice", () => {
    expect(alarm("AlarmsDeadLetters")).toMatchObject({
      Namespace: "AWS/SQS",
      MetricName: "ApproximateNumberOfMessagesVisible",
      Dimensions: [{ Name: "QueueName", Value: { "Fn::GetAtt": [idOf(template, "AWS::SQS::Queue", "DeliveryDeadLetters"), "QueueName"] } }],
      Statistic: "Maximum",
      Period: 60,
      Threshold: 1,
      TreatMissingData: "notBreaching",
    });
  });

  it("go off when a notice has waited in the queue over 15 minutes", () => {
    expect(alarm("AlarmsOldestNotice")).toMatchObject({
      Namespace: "AWS/SQS",
      MetricName: "ApproximateAgeOfOldestMessage",
      Dimensions: [{ Name: "QueueName", Value: { "Fn::GetAtt": [idOf(template, "AWS::SQS::Queue", "DeliveryNotices"), "QueueName"] } }],
      Statistic: "Maximum",
      Threshold: 900,
      TreatMissingData: "notBreaching",
    });
  });

  it("go off on any error or throttle of the intake, the notifier, the reconciliation and the rotation", () => {
    for (const [name, prefix] of [
      ["Intake", "IntakeFunction"],
      ["Notifier", "DeliveryNotifier"],
      ["Reconcile", "DeliveryReconcile"],
      ["Rotation", "IntakeRotateOriginSecret"],
    ]) {
      for (const metric of ["Errors", "Throttles"]) {
        expect(alarm(`Alarms${name}${metric}`), `${name} ${metric}`).toMatchObject({
          Namespace: "AWS/Lambda",
          MetricName: metric,
          Dimensions: [{ Name: "FunctionName", Value: fn(prefix!) }],
          Statistic: "Sum",
          Period: 300,
          Threshold: 1,
          TreatMissingData: "notBreaching",
        });
      }
    }
    expect(alarm("AlarmsIntakeServerErrors")).toMatchObject({ Namespace: "AWS/Lambda", MetricName: "Url5xxCount", Dimensions: [{ Name: "FunctionName", Value: fn("IntakeFunction") }], Threshold: 1 });
  });

  it("go off on any bounce or complaint of the quote e-mails", () => {
    const dimensions = [{ Name: "ConfigurationSet", Value: { Ref: idOf(template, "AWS::SES::ConfigurationSet", "DeliveryMail") } }];
    expect(alarm("AlarmsBounces")).toMatchObject({ Namespace: "AWS/SES", MetricName: "Bounce", Dimensions: dimensions, Statistic: "Sum", Threshold: 1, TreatMissingData: "notBreaching" });
    expect(alarm("AlarmsComplaints")).toMatchObject({ Namespace: "AWS/SES", MetricName: "Complaint", Dimensions: dimensions, Statistic: "Sum", Threshold: 1, TreatMissingData: "notBreaching" });
  });

  it("go off when the reconciliation counts a stored quote that no e-mail went out for, and stay until it counts none", () => {
    const unnotified = alarm("AlarmsUnnotifiedQuotes");
    expect(unnotified).toMatchObject({ Namespace: "Flightsite", MetricName: "UnnotifiedQuotes", Statistic: "Maximum", Period: 3600, Threshold: 1, TreatMissingData: "ignore" });
    expect(unnotified.Dimensions).toBeUndefined();
  });
});
