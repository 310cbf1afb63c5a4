import { SendMessageCommand, type SQSClient } from "@aws-sdk/client-sqs";
import { LeadsError } from "../errors";
import { explainAwsError } from "./aws-errors";
import type { Lead } from "./lead";

/**
 * Asks the notifier to send the coordinators' notice of this lead again, through the same queue S3's events go to:
 * the body `{"resend":{"key":…}}` tells it to send even though the notice went out before (src/quote/README.md).
 */
export async function resendNotice(sqs: SQSClient, queueUrl: string | undefined, leads: Lead[]): Promise<void> {
  if (!queueUrl) throw new LeadsError("no notice queue known; pass --queue URL (the stack's NoticeQueueUrl output) or --stack NAME");
  // Each quote of the case (more than one only for a case id stored twice before issue 39): none is left unsent.
  for (const lead of leads) {
    try {
      await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify({ resend: { key: lead.key } }) }));
    } catch (error) {
      throw explainAwsError(error, `queue ${queueUrl}`);
    }
  }
}
