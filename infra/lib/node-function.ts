import { existsSync } from "node:fs";
import path from "node:path";
import { type Duration, RemovalPolicy } from "aws-cdk-lib";
import * as iam from "aws-cdk-lib/aws-iam";
import * as lambda from "aws-cdk-lib/aws-lambda";
import * as logs from "aws-cdk-lib/aws-logs";
import { Construct } from "constructs";

/** Every function of the stack runs on this: Node 24, supported by Lambda until 2028 (Node 20 ended in April 2026). */
export const lambdaRuntime = lambda.Runtime.NODEJS_24_X;

export interface NodeFunctionProps {
  description: string;
  /** A folder holding index.mjs, which exports `handler`. */
  codeDirectory: string;
  /** What builds the folder, named in the error when it is missing. */
  buildCommand: string;
  timeout: Duration;
  memorySize?: number;
  environment?: Record<string, string>;
  reservedConcurrentExecutions?: number;
}

/**
 * A Node function with its own log group (kept three months: the lines name case ids and outcomes, never what a
 * visitor typed) and its own role, which may write to that log group and nothing else until the caller grants more:
 * no AWS managed policy, whose CreateLogGroup on every group of the account no function here needs.
 */
export class NodeFunction extends Construct {
  readonly function: lambda.Function;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: NodeFunctionProps) {
    super(scope, id);
    if (!existsSync(path.join(props.codeDirectory, "index.mjs"))) {
      throw new Error(`${props.codeDirectory} holds no index.mjs: run ${props.buildCommand} first (bin/app.ts does it before every synth)`);
    }
    this.logGroup = new logs.LogGroup(this, "Logs", { retention: logs.RetentionDays.THREE_MONTHS, removalPolicy: RemovalPolicy.DESTROY });
    this.role = new iam.Role(this, "Role", { assumedBy: new iam.ServicePrincipal("lambda.amazonaws.com"), description: props.description });
    this.role.addToPolicy(new iam.PolicyStatement({ actions: ["logs:CreateLogStream", "logs:PutLogEvents"], resources: [this.logGroup.logGroupArn] }));
    this.function = new lambda.Function(this, "Function", {
      description: props.description,
      // The bundles' syntax stays Node 20's so that the tests run them here; Lambda runs them on Node 24.
      runtime: lambdaRuntime,
      architecture: lambda.Architecture.ARM_64,
      handler: "index.handler",
      code: lambda.Code.fromAsset(props.codeDirectory),
      memorySize: props.memorySize ?? 256,
      timeout: props.timeout,
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      environment: props.environment,
      role: this.role,
      logGroup: this.logGroup,
    });
  }
}
