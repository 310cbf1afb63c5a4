import { CloudFormationClient, DescribeStacksCommand } from "@aws-sdk/client-cloudformation";
import { LeadsError } from "../errors";
import { explainAwsError } from "./aws-errors";

/** Where the leads live in AWS: the quotes bucket and, for `resend`, the coordinators' notice queue. */
export interface LeadsPlace {
  bucket: string;
  queueUrl?: string;
}

/** The stack infra/ deploys, whose outputs name the bucket and the queue (infra/README.md). */
export const DEFAULT_STACK = "FlightsiteSite";

/**
 * The bucket and queue from --bucket and --queue when given, else from the outputs of the stack (QuotesBucket,
 * NoticeQueueUrl), so a coordinator with the right role needs no names at all.
 */
export async function findLeadsPlace(
  options: { bucket?: string; queue?: string; stack?: string },
  cloudFormation: () => CloudFormationClient,
): Promise<LeadsPlace> {
  if (options.bucket) return { bucket: options.bucket, queueUrl: options.queue };
  const stack = options.stack ?? DEFAULT_STACK;
  let outputs: Record<string, string>;
  try {
    const answer = await cloudFormation().send(new DescribeStacksCommand({ StackName: stack }));
    outputs = Object.fromEntries((answer.Stacks?.[0]?.Outputs ?? []).map((o) => [o.OutputKey ?? "", o.OutputValue ?? ""]));
  } catch (error) {
    if (error instanceof Error && /does not exist/.test(error.message)) {
      throw new LeadsError(`no stack "${stack}" in this AWS account and region; pass --bucket NAME, or --stack NAME and the region (AWS_REGION)`);
    }
    throw explainAwsError(error, `stack ${stack}`);
  }
  if (!outputs.QuotesBucket) throw new LeadsError(`stack "${stack}" has no QuotesBucket output; pass --bucket NAME`);
  return { bucket: outputs.QuotesBucket, queueUrl: options.queue ?? (outputs.NoticeQueueUrl || undefined) };
}
