import path from "node:path";
import { Command, InvalidArgumentError } from "commander";
import { LeadsError } from "../errors";
import { parseSince, parseUrgency, type LeadFilter } from "./filters";
import type { LeadStore } from "./lead";
import type { LeadsIo } from "./leads";

/** What every `leads` subcommand takes: where the leads are. */
interface PlaceOptions {
  local?: boolean;
  bucket?: string;
  stack?: string;
  queue?: string;
  endpoint?: string;
}

interface FilterOptions {
  since?: Date;
  urgency?: LeadFilter["urgency"];
  city?: string;
}

/**
 * `flightsite leads list|show|export|resend|delete`, for the coordinators and the owner. The AWS SDK and the
 * commands' code load only when one of them runs.
 */
export function defineLeadsCommand(program: Command, io: LeadsIo & { cwd: string; root: string; env: Record<string, string | undefined> }): void {
  const leads = program
    .command("leads")
    .description(
      "Read, export, resend and delete the quote requests the site received (the quotes bucket, or with --local the " +
        "dev server's .flightsite/quotes.ndjson). AWS credentials come from the usual AWS settings.",
    );
  const withPlace = (command: Command) =>
    command
      .option("--local", "the quotes flightsite serve received (.flightsite/quotes.ndjson), not the bucket")
      .option("--bucket <name>", "the quotes bucket (default: the stack's QuotesBucket output)")
      .option("--stack <name>", "the stack whose outputs name the bucket and queue", "FlightsiteSite")
      .option("--endpoint <url>", "an S3-compatible endpoint instead of AWS (path-style addresses)");
  const withFilter = (command: Command) =>
    command
      .option("--since <when>", "only quotes received since then: 7d, 36h, or a day like 2026-11-01", (text: string) => {
        const since = parseSince(text, new Date());
        if (!since) throw new InvalidArgumentError("must be a number of days or hours, like 7d or 36h, or a day like 2026-11-01");
        return since;
      })
      .option("--urgency <urgency>", "only quotes of this urgency: Today, 24-48 hrs or Planned (3+ days)", (text: string) => {
        const urgency = parseUrgency(text);
        if (!urgency) throw new InvalidArgumentError('must be one of: Today, "24-48 hrs", "Planned (3+ days)"');
        return urgency;
      })
      .option("--city <slug>", "only quotes sent from this city's pages, like naples");

  withFilter(withPlace(leads.command("list").description("One line per quote, newest first, then the count."))).action(
    async (options: PlaceOptions & FilterOptions) => {
      const { listLeads } = await import("./leads");
      await listLeads(await storeFor(options, io), filterOf(options), io);
    },
  );

  withPlace(leads.command("show").argument("<case-id>").description("Every field of one quote, labelled as the form labels them.")).action(
    async (caseId: string, options: PlaceOptions) => {
      const { showLead } = await import("./leads");
      await showLead(await storeFor(options, io), caseId, io);
    },
  );

  withFilter(withPlace(leads.command("export").description("Every field of the quotes, as XLSX or CSV (for a spreadsheet or CRM) or NDJSON.")))
    .option("--format <format>", "xlsx (a spreadsheet file), csv or ndjson", (text: string) => {
      if (text !== "csv" && text !== "ndjson" && text !== "xlsx") throw new InvalidArgumentError("must be xlsx, csv or ndjson");
      return text;
    }, "csv")
    .option("--out <file>", "write to this file instead of the screen")
    .option("--time-zone <zone>", "the time zone of the Received column, like America/Chicago", (text: string) => {
      if (!Intl.supportedValuesOf("timeZone").includes(text) && text !== "UTC") throw new InvalidArgumentError("must be a time zone like America/New_York or UTC");
      return text;
    })
    .action(async (options: PlaceOptions & FilterOptions & { format: "csv" | "ndjson" | "xlsx"; out?: string; timeZone?: string }) => {
      const { exportLeads } = await import("./leads");
      const out = options.out && path.resolve(io.cwd, options.out);
      await exportLeads(await storeFor(options, io), filterOf(options), options.format, out, { ...io, exportTimeZone: options.timeZone });
    });

  withPlace(leads.command("resend").argument("<case-id>").description("Send the coordinators' notice of one quote again, through the notice queue."))
    .option("--queue <url>", "the notice queue (default: the stack's NoticeQueueUrl output)")
    .action(async (caseId: string, options: PlaceOptions) => {
      if (options.local) throw new LeadsError("resend needs the notice queue in AWS; the dev server's quotes are never mailed");
      const { checkCaseId } = await import("./lead");
      const id = checkCaseId(caseId);
      const place = await placeFor(options, io);
      const { S3Leads } = await import("./s3-leads");
      const { resendNotice } = await import("./resend");
      const { SQSClient } = await import("@aws-sdk/client-sqs");
      const { S3Client } = await import("@aws-sdk/client-s3");
      const leads = await new S3Leads(new S3Client(s3Settings(options, io.env)), place.bucket).find(id);
      await resendNotice(new SQSClient({}), place.queueUrl, leads);
      const queued = leads.length === 1 ? `the notice of ${id} is` : `the notices of ${id}'s ${leads.length} stored quotes (${leads.map((lead) => lead.key).join(", ")}) are`;
      io.stdout(`flightsite: ${queued} queued again; the coordinators' e-mail follows within a minute or two\n`);
    });

  withPlace(leads.command("delete").argument("<case-id>").description("Delete one quote, its older versions and its markers, for a visitor who asks."))
    .option("--yes", "really delete: it cannot be undone")
    .action(async (caseId: string, options: PlaceOptions & { yes?: boolean }) => {
      const { deleteLead } = await import("./leads");
      await deleteLead(await storeFor(options, io), caseId, options.yes ?? false, io);
    });
}

// --- internal ---

function filterOf(options: FilterOptions): LeadFilter {
  return { since: options.since, urgency: options.urgency, city: options.city?.trim().toLowerCase() };
}

async function storeFor(options: PlaceOptions, io: { root: string; env: Record<string, string | undefined> }): Promise<LeadStore> {
  if (options.local) {
    const { LocalLeads } = await import("./local-leads");
    return new LocalLeads(path.join(io.root, ".flightsite/quotes.ndjson"), ".flightsite/quotes.ndjson");
  }
  const place = await placeFor(options, io);
  const [{ S3Client }, { S3Leads }] = await Promise.all([import("@aws-sdk/client-s3"), import("./s3-leads")]);
  return new S3Leads(new S3Client(s3Settings(options, io.env)), place.bucket);
}

async function placeFor(options: PlaceOptions & { queue?: string }, io: { env: Record<string, string | undefined> }) {
  if (options.endpoint && !options.bucket) throw new LeadsError("--endpoint needs --bucket: an S3-compatible server has no stack outputs");
  const [{ findLeadsPlace }, { CloudFormationClient }] = await Promise.all([import("./where"), import("@aws-sdk/client-cloudformation")]);
  return findLeadsPlace(options, () => new CloudFormationClient({ region: io.env.AWS_REGION }));
}

function s3Settings(options: PlaceOptions, env: Record<string, string | undefined>) {
  return options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true, region: env.AWS_REGION ?? "us-east-1" } : {};
}
