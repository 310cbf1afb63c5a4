import { Aws, CfnParameter, Duration, RemovalPolicy, Stack } from "aws-cdk-lib";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import * as iam from "aws-cdk-lib/aws-iam";
import * as kms from "aws-cdk-lib/aws-kms";
import type * as lambda from "aws-cdk-lib/aws-lambda";
import * as sns from "aws-cdk-lib/aws-sns";
import * as subscriptions from "aws-cdk-lib/aws-sns-subscriptions";
import type * as ses from "aws-cdk-lib/aws-ses";
import type * as sqs from "aws-cdk-lib/aws-sqs";
import { Construct } from "constructs";
import { sesDimension, urgentTextFailuresMetric } from "./quote-delivery";

export interface QuoteAlarmsProps {
  intake: lambda.Function;
  notifier: lambda.Function;
  reconcile: lambda.Function;
  rotation: lambda.Function;
  queue: sqs.IQueue;
  deadLetters: sqs.IQueue;
  configurationSet: ses.IConfigurationSet;
}

/** The name the reconciliation's metric goes by: namespace Flightsite, no dimensions (src/quote/, contract of issue 25). */
export const unnotifiedMetric = { namespace: "Flightsite", metricName: "UnnotifiedQuotes" } as const;

/**
 * Everything that can keep a quote from the coordinators, as CloudWatch alarms mailed to the owner (AlarmEmail, a
 * stack parameter) through one SNS topic, when they go off and when they clear. infra/README.md says how to answer
 * each one.
 */
export class QuoteAlarms extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: QuoteAlarmsProps) {
    super(scope, id);
    const alarmEmail = new CfnParameter(Stack.of(this), "AlarmEmail", {
      type: "String",
      description: "The owner's e-mail address: every alarm about the quotes is mailed there (confirm the subscription AWS mails first)",
      allowedPattern: "^[^@\\s]+@[^@\\s]+$",
      constraintDescription: "must be an e-mail address, like owner@example.com",
    });

    // A key of the topic's own: CloudWatch must be allowed to use it to publish, which the quotes' key never allows.
    const key = new kms.Key(this, "Key", {
      description: "flightsite: encrypts the alarm topic",
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal("cloudwatch.amazonaws.com")],
        actions: ["kms:Decrypt", "kms:GenerateDataKey*"],
        resources: ["*"],
        // Only for this account's alarms: CloudWatch acting for another account may not use the key (confused deputy, issue 39).
        conditions: { StringEquals: { "aws:SourceAccount": Aws.ACCOUNT_ID } },
      }),
    );
    this.topic = new sns.Topic(this, "Topic", { displayName: "flightsite alarms", masterKey: key, enforceSSL: true });
    this.topic.addSubscription(new subscriptions.EmailSubscription(alarmEmail.valueAsString));

    const minute = Duration.minutes(1);
    const fiveMinutes = Duration.minutes(5);
    this.add("DeadLetters", {
      alarmDescription: "A quote's notice failed 5 times and waits in the dead-letter queue: no e-mail went out for it (infra/README.md: Dead letters).",
      metric: props.deadLetters.metricApproximateNumberOfMessagesVisible({ statistic: "Maximum", period: minute }),
      threshold: 1,
      // An empty queue that nothing touches stops reporting: no data is no dead letter.
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    this.add("OldestNotice", {
      alarmDescription: "A quote's notice has waited over 15 minutes in the queue: the notifier is failing or not running (infra/README.md: Oldest notice).",
      metric: props.queue.metricApproximateAgeOfOldestMessage({ statistic: "Maximum", period: minute }),
      threshold: 15 * 60,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    const functions = { Intake: props.intake, Notifier: props.notifier, Reconcile: props.reconcile, Rotation: props.rotation };
    for (const [name, fn] of Object.entries(functions)) {
      // A function that is not invoked reports nothing: no data is no error.
      this.add(`${name}Errors`, {
        alarmDescription: `The ${name.toLowerCase()} function failed (an error or a timeout) (infra/README.md: Function errors).`,
        metric: fn.metricErrors({ statistic: "Sum", period: fiveMinutes }),
        threshold: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      this.add(`${name}Throttles`, {
        alarmDescription: `The ${name.toLowerCase()} function was throttled: a request found no free instance (infra/README.md: Throttles).`,
        metric: fn.metricThrottles({ statistic: "Sum", period: fiveMinutes }),
        threshold: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    }
    // The intake answers a quote it could not store with 503 rather than failing: the visitor is told, the owner too.
    this.add("IntakeServerErrors", {
      alarmDescription: "The intake answered 5xx: a visitor's quote was not stored and they were asked to call (infra/README.md: Intake 5xx).",
      metric: new cloudwatch.Metric({
        namespace: "AWS/Lambda",
        metricName: "Url5xxCount",
        dimensionsMap: { FunctionName: props.intake.functionName },
        statistic: "Sum",
        period: fiveMinutes,
      }),
      threshold: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    for (const [name, metricName] of [["Bounces", "Bounce"], ["Complaints", "Complaint"]] as const) {
      this.add(name, {
        alarmDescription: `A quote e-mail ${metricName === "Bounce" ? "bounced: a coordinator did not get it" : "was marked as spam by its recipient"} (infra/README.md: Bounces and complaints).`,
        metric: new cloudwatch.Metric({
          namespace: "AWS/SES",
          metricName,
          dimensionsMap: { [sesDimension]: props.configurationSet.configurationSetName },
          statistic: "Sum",
          period: fiveMinutes,
        }),
        threshold: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    }
    this.add("UrgentTextFailures", {
      alarmDescription: "An urgent quote's text to the on-call coordinators could not be sent; its e-mail went (infra/README.md: Urgent texts).",
      metric: new cloudwatch.Metric({ ...urgentTextFailuresMetric, statistic: "Sum", period: Duration.minutes(5) }),
      threshold: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    this.add("UnnotifiedQuotes", {
      alarmDescription: "The daily reconciliation found quotes stored over 15 minutes ago with no e-mail sent (infra/README.md: Unnotified quotes).",
      metric: new cloudwatch.Metric({ ...unnotifiedMetric, statistic: "Maximum", period: Duration.hours(1) }),
      threshold: 1,
      // It reports once a day: the hours in between say nothing, so the state stands until the next run reports.
      treatMissingData: cloudwatch.TreatMissingData.IGNORE,
    });
  }

  private add(id: string, props: Omit<cloudwatch.AlarmProps, "evaluationPeriods" | "comparisonOperator"> & { threshold: number }) {
    const alarm = new cloudwatch.Alarm(this, id, {
      ...props,
      alarmName: undefined,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }
}
