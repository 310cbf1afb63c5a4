import { LeadsError } from "../errors";

/**
 * An AWS SDK error as one line a coordinator can act on (no credentials, no such bucket, access denied, no answer),
 * or the error itself when it is none of those: then it is a bug or an outage, and the CLI prints it whole.
 */
export function explainAwsError(error: unknown, where: string): unknown {
  if (!(error instanceof Error)) return error;
  const name = (error as { Code?: string }).Code ?? error.name;
  if (name === "CredentialsProviderError" || /could not load credentials/i.test(error.message)) {
    return new LeadsError("no AWS credentials found; sign in first (aws sso login, or set AWS_PROFILE), or read the dev server's quotes with --local");
  }
  if (name === "NoSuchBucket") return new LeadsError(`no ${where}; check --bucket (the stack's QuotesBucket output, infra/README.md)`);
  if (name === "AccessDenied" || name === "AccessDeniedException" || name === "Forbidden") {
    return new LeadsError(`your AWS identity may not read ${where} (${name}); use the coordinators' role or ask the site's owner`);
  }
  if (name === "ExpiredToken" || name === "ExpiredTokenException") return new LeadsError("your AWS session has expired; sign in again (aws sso login)");
  if ((error as NodeJS.ErrnoException).code === "ECONNREFUSED" || name === "TimeoutError") {
    return new LeadsError(`no answer from ${where}'s endpoint (${name === "TimeoutError" ? "timed out" : "connection refused"}); check --endpoint and your network`);
  }
  return error;
}
