import { SendEmailCommand, type SESv2Client } from "@aws-sdk/client-sesv2";
import { quoteKey } from "./s3-store";
import type { Quote } from "./schema";

/** Tells the coordinators about a stored quote; rejects when the message could not be handed over. */
export interface Notifier {
  send(quote: Quote): Promise<void>;
}

/** The e-mail a coordinator gets for a quote: a subject with the case id and urgency, and plain text with no links. */
export function quoteEmail(quote: Quote): { subject: string; text: string } {
  const route = `${quote.from_location} → ${quote.to_location}`;
  const page = new URL(quote.page_url);
  const campaign = [quote.utm_source, quote.utm_medium, quote.utm_campaign].filter(Boolean).join(" / ");
  const rows: [string, string][] = [
    ["Case", quote.case_id],
    ["Name", quote.full_name],
    ["Phone", quote.phone],
    ["Email", quote.email],
    ["From", quote.from_location],
    ["To", quote.to_location],
    ["Preferred date", quote.preferred_date],
    ["Urgency", quote.urgency],
    ["Mobility", quote.mobility],
    ["Equipment", quote.equipment.join(", ")],
    ["Notes", quote.notes],
    ["Consent", quote.consent ? "yes, understands this is not for emergencies" : "no"],
    // The page's path only: no address a mail program would turn into a link to click.
    ["Sent from", `${page.pathname} (${quote.source_slot} form, ${quote.device})`],
    ["Page title", quote.page_title],
    ["Campaign", campaign],
    ["Sent at", quote.timestamp],
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  const urgent = quote.urgency === "Today" ? "TODAY: call back right away. " : "";
  return {
    subject: `Quote request ${quote.case_id}: ${quote.urgency || "no urgency given"}, ${route}`,
    text: [
      `${urgent}${quote.full_name} asks for a quote: ${quote.mobility || "mobility not given"}, ${route}, urgency ${quote.urgency || "not given"}. Call back on ${quote.phone}.`,
      "",
      ...rows.filter(([, value]) => value !== "").map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`),
      "",
      `Stored in the quotes bucket as ${quoteKey(quote)}.`,
      "",
    ].join("\n"),
  };
}

/** A Notifier that sends quoteEmail through Amazon SES from one verified sender; replies go to the visitor when they gave an e-mail address. */
export function createSesNotifier(client: SESv2Client, { from, to }: { from: string; to: string[] }): Notifier {
  return {
    async send(quote) {
      const { subject, text } = quoteEmail(quote);
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: to },
          ReplyToAddresses: quote.email ? [quote.email] : undefined,
          Content: {
            Simple: {
              Subject: { Data: subject, Charset: "UTF-8" },
              Body: { Text: { Data: text, Charset: "UTF-8" } },
            },
          },
        }),
      );
    },
  };
}
