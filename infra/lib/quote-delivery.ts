import { Aws, CfnCondition, CfnParameter, Duration, Fn, Stack, Validations } from "aws-cdk-lib";
import * as events from "aws-cdk-lib/aws-events";
import * as targets from "aws-cdk-lib/aws-events-targets";
import * as iam from "aws-cdk-lib/aws-iam";
import * as logs from "aws-cdk-lib/aws-logs";
import type * as kms from "aws-cdk-lib/aws-kms";
import type * as lambda from "aws-cdk-lib/aws-lambda";
import { SqsEventSource } from "aws-cdk-lib/aws-lambda-event-sources";
import * as s3 from "aws-cdk-lib/aws-s3";
import * as ses from "aws-cdk-lib/aws-ses";
import * as sqs from "aws-cdk-lib/aws-sqs";
import { Construct } from "constructs";
import { NodeFunction } from "./node-function";
import { keyUseThroughS3, objectsWildcard, quotesPrefix } from "./quote-intake";

/** Where the notifier keeps its marker per case id (the code half decides the states). */
export const markersPrefix = "notified/";

/** How many times a notice is tried before it goes to the dead-letter queue. */
export const maxReceiveCount = 5;

/** The count of urgent texts that could not be sent, from the notifier's log (issue 39). */
export const urgentTextFailuresMetric = { namespace: "Flightsite", metricName: "UrgentTextFailures" } as const;

/** How many notifier instances run at once: each sends its share of SES's rate (issue 39). */
export const notifierConcurrency = 2;

export interface QuoteDeliveryProps {
  bucket: s3.Bucket;
  key: kms.IKey;
  notifierCodeDirectory: string;
  reconcileCodeDirectory: string;
}

/**
 * How a stored quote reaches the coordinators, on AWS's own machinery: the quotes bucket announces every new
 * quotes/….json to a queue; the notifier takes it from there and mails the coordinators through SES (a message it
 * cannot handle five times goes to the dead-letter queue, which alarms); a daily reconciliation looks for stored
 * quotes that no e-mail went out for. NotifyTo and NotifyFrom are stack parameters.
 */
export class QuoteDelivery extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetters: sqs.Queue;
  readonly notifier: lambda.Function;
  readonly reconcile: lambda.Function;
  readonly configurationSet: ses.ConfigurationSet;

  constructor(scope: Construct, id: string, props: QuoteDeliveryProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const notifyTo = new CfnParameter(stack, "NotifyTo", {
      type: "String",
      description: "The coordinators' e-mail addresses, comma-separated: each quote is mailed to them",
      minLength: 3,
    });
    const notifyFrom = new CfnParameter(stack, "NotifyFrom", {
      type: "String",
      description: "The address the quote e-mails come from: verified in SES, as an address or with its whole domain",
      allowedPattern: "^[^@\\s]+@[^@\\s]+$",
      constraintDescription: "must be an e-mail address, like quotes@example.com",
    });

    const sendRate = new CfnParameter(stack, "SesSendRate", {
      type: "Number",
      description: "SES's maximum sending rate for this account, e-mails a second (aws sesv2 get-account: SendQuota.MaxSendRate); the notifier keeps under it",
      default: 1,
      minValue: 1,
    });

    const textOrigination = new CfnParameter(stack, "UrgentTextOrigination", {
      type: "String",
      description:
        "The ARN of the AWS End User Messaging SMS phone number, pool or sender id that urgent quotes are texted from (quote.urgent in data/site.yaml lists the on-call numbers); empty: no texts",
      default: "",
      allowedPattern: "^(arn:aws[a-z-]*:sms-voice:[a-z0-9-]+:[0-9]{12}:(phone-number|pool|sender-id)/[^\\s]+)?$",
      constraintDescription: "must be empty or the ARN of a phone number, pool or sender id of AWS End User Messaging SMS",
    });
    const texting = new CfnCondition(stack, "UrgentTexting", { expression: Fn.conditionNot(Fn.conditionEquals(textOrigination.valueAsString, "")) });

    const notifierTimeout = Duration.seconds(30);
    // SQS-managed encryption: a message names only the bucket and the object's key (a date and a case id), and S3
    // may send to such a queue with no KMS key policy to keep right.
    this.deadLetters = new sqs.Queue(this, "DeadLetters", {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // The longest SQS keeps anything; a dead letter's age counts from when S3 first sent it.
      retentionPeriod: Duration.days(14),
    });
    this.queue = new sqs.Queue(this, "Notices", {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // AWS's advice for a Lambda event source: six times the function's timeout, so a slow batch is not handed out twice.
      visibilityTimeout: Duration.seconds(notifierTimeout.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount },
    });

    // S3 itself announces every stored quote, whatever happened to the function that stored it.
    props.bucket.addEventNotification(s3.EventType.OBJECT_CREATED, new QueueFromBucket(this.queue), { prefix: quotesPrefix, suffix: ".json" });

    this.configurationSet = new ses.ConfigurationSet(this, "Mail", {
      // Quotes carry health details: never sent to a mail server that will not take them over TLS.
      tlsPolicy: ses.ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
    });
    // Bounces and complaints as CloudWatch metrics of this configuration set (the alarms watch them). Only its own
    // messages reach this destination, and they carry no such tag: each gets the set's name as the dimension's value.
    this.configurationSet.addEventDestination("Metrics", {
      destination: ses.EventDestination.cloudWatchDimensions([
        { name: sesDimension, source: ses.CloudWatchDimensionSource.MESSAGE_TAG, defaultValue: this.configurationSet.configurationSetName },
      ]),
      events: [ses.EmailSendingEvent.SEND, ses.EmailSendingEvent.DELIVERY, ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT, ses.EmailSendingEvent.REJECT, ses.EmailSendingEvent.DELIVERY_DELAY],
    });

    const notifier = new NodeFunction(this, "Notifier", {
      description: "flightsite quote notifier: mails the coordinators each stored quote, once",
      codeDirectory: props.notifierCodeDirectory,
      buildCommand: "npm run build:intake",
      timeout: notifierTimeout,
      environment: {
        QUOTES_BUCKET: props.bucket.bucketName,
        NOTIFY_TO: notifyTo.valueAsString,
        NOTIFY_FROM: notifyFrom.valueAsString,
        SES_CONFIGURATION_SET: this.configurationSet.configurationSetName,
        // A throttled notice goes back on the queue as a new message: a throttle never costs one of its receives.
        NOTICE_QUEUE_URL: this.queue.queueUrl,
        SES_SEND_RATE: sendRate.valueAsString,
        NOTIFIER_CONCURRENCY: String(notifierConcurrency),
        // Empty: no texts (the function reads an empty variable as unset).
        URGENT_TEXT_ORIGINATION: textOrigination.valueAsString,
      },
    });
    this.notifier = notifier.function;
    notifier.function.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: 10,
        reportBatchItemFailures: true,
        // Two at a time at most: SES's sending rate is small at first, and a burst of quotes is no hurry to the second.
        maxConcurrency: notifierConcurrency,
      }),
    );
    // Texts only from the one origination identity; while none is given, from none (an ARN that names nothing).
    notifier.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ["sms-voice:SendTextMessage"],
        resources: [
          Fn.conditionIf(texting.logicalId, textOrigination.valueAsString, `arn:${Aws.PARTITION}:sms-voice:${Aws.REGION}:${Aws.ACCOUNT_ID}:phone-number/none`).toString(),
        ],
      }),
    );
    // A text that failed is a line of the notifier's log; the alarm watches their count (quote-alarms.ts).
    new logs.MetricFilter(this, "TextFailures", {
      logGroup: notifier.logGroup,
      filterPattern: logs.FilterPattern.stringValue("$.outcome", "=", "text failed"),
      metricNamespace: urgentTextFailuresMetric.namespace,
      metricName: urgentTextFailuresMetric.metricName,
      metricValue: "1",
    });
    // Only to put a throttled notice back on its own queue.
    notifier.role.addToPolicy(new iam.PolicyStatement({ actions: ["sqs:SendMessage"], resources: [this.queue.queueArn] }));
    notifier.role.addToPolicy(new iam.PolicyStatement({ actions: ["s3:GetObject"], resources: [props.bucket.arnForObjects(`${quotesPrefix}*`)] }));
    notifier.role.addToPolicy(
      new iam.PolicyStatement({ actions: ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"], resources: [props.bucket.arnForObjects(`${markersPrefix}*`)] }),
    );
    notifier.role.addToPolicy(keyUseThroughS3(props.key, ["kms:Decrypt", "kms:GenerateDataKey"]));
    // One sender: its address's identity, or its domain's when the whole domain is verified; only as that From, and
    // through this configuration set (SES checks it as a resource of the send too).
    const identity = (name: string) => `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity/${name}`;
    notifier.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ["ses:SendEmail"],
        resources: [
          identity(notifyFrom.valueAsString),
          identity(Fn.select(1, Fn.split("@", notifyFrom.valueAsString))),
          `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:configuration-set/${this.configurationSet.configurationSetName}`,
        ],
        conditions: { StringEquals: { "ses:FromAddress": notifyFrom.valueAsString } },
      }),
    );
    for (const pattern of [`${quotesPrefix}*`, `${markersPrefix}*`]) {
      Validations.of(notifier.role).acknowledge({
        id: objectsWildcard(props.bucket, pattern),
        reason: `Objects are named by date and case id: the notifier reads quotes under ${quotesPrefix} and keeps one marker per case id under ${markersPrefix}, no other objects.`,
      });
    }

    const reconcile = new NodeFunction(this, "Reconcile", {
      description: "flightsite quote reconciliation: counts stored quotes that no e-mail went out for",
      codeDirectory: props.reconcileCodeDirectory,
      buildCommand: "npm run build:intake",
      timeout: Duration.minutes(2),
      environment: { QUOTES_BUCKET: props.bucket.bucketName },
    });
    this.reconcile = reconcile.function;
    reconcile.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ["s3:ListBucket"],
        resources: [props.bucket.bucketArn],
        conditions: { StringLike: { "s3:prefix": [`${quotesPrefix}*`, `${markersPrefix}*`] } },
      }),
    );
    reconcile.role.addToPolicy(new iam.PolicyStatement({ actions: ["s3:GetObject"], resources: [props.bucket.arnForObjects(`${markersPrefix}*`)] }));
    reconcile.role.addToPolicy(keyUseThroughS3(props.key, ["kms:Decrypt"]));
    Validations.of(reconcile.role).acknowledge({
      id: objectsWildcard(props.bucket, `${markersPrefix}*`),
      reason: `The reconciliation reads the notifier's markers under ${markersPrefix}, one per case id, and no other objects.`,
    });
    // Once a day, at 12:00 UTC (7 or 8 in the morning in Florida): an alarm then reaches the owner at the start of the day.
    new events.Rule(this, "Daily", {
      description: "flightsite: look for stored quotes that no e-mail went out for",
      schedule: events.Schedule.cron({ minute: "0", hour: "12" }),
      targets: [new targets.LambdaFunction(this.reconcile)],
    });
  }
}

/** The dimension of the SES metrics the configuration set publishes; its value is the set's name. */
export const sesDimension = "ConfigurationSet";

// --- internal ---

/**
 * The quotes bucket's event destination: the queue, which S3 (for this bucket, of this account only) may send to.
 * The CDK's own SqsDestination also grants GetQueueAttributes and GetQueueUrl, which S3 does not need.
 */
class QueueFromBucket implements s3.IBucketNotificationDestination {
  constructor(private readonly queue: sqs.Queue) {}

  bind(_scope: Construct, bucket: s3.IBucket): s3.BucketNotificationDestinationConfig {
    const added = this.queue.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal("s3.amazonaws.com")],
        actions: ["sqs:SendMessage"],
        resources: [this.queue.queueArn],
        conditions: { ArnEquals: { "aws:SourceArn": bucket.bucketArn }, StringEquals: { "aws:SourceAccount": Aws.ACCOUNT_ID } },
      }),
    );
    return { arn: this.queue.queueArn, type: s3.BucketNotificationDestinationType.QUEUE, dependencies: added.policyDependable ? [added.policyDependable] : [] };
  }
}
