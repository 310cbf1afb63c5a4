import { SendTextMessageCommand, type PinpointSMSVoiceV2Client } from "@aws-sdk/client-pinpoint-sms-voice-v2";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import type { Quote } from "./schema";

// A flight for today or the next two days is a call to make now, not an e-mail to read later (issue 39): such a
// quote also texts the on-call coordinators (quote.urgent in data/site.yaml) through AWS End User Messaging SMS.
// The text holds only what a call-back needs, never a name or a place: the case id, the urgency and the number.

/** The urgencies that text the on-call coordinators. */
export const URGENT: readonly Quote["urgency"][] = ["Today", "24-48 hrs"];

export function isUrgent(quote: Pick<Quote, "urgency">): boolean {
  return URGENT.includes(quote.urgency);
}

/**
 * The text: "Urgent quote AF12345678AB12 (Today). Call back +12395550100. Details in e-mail." The number in E.164
 * when it reads as one (a US number without its +1), else its digits and a leading + only: nothing else the visitor
 * typed reaches the phone.
 */
export function urgentTextBody(quote: Pick<Quote, "case_id" | "urgency" | "phone">): string {
  const parsed = parsePhoneNumberFromString(quote.phone, "US");
  const number = parsed?.isPossible() ? parsed.number : quote.phone.replace(/(?!^\+)\D/g, "").slice(0, 16);
  return `Urgent quote ${quote.case_id} (${quote.urgency}). Call back ${number || "(no number)"}. Details in e-mail.`;
}

export interface UrgentTexterOptions {
  client: PinpointSMSVoiceV2Client;
  /** The origination identity: the phone number, pool or sender id (its ID or ARN) the texts come from. */
  origination: string;
  /** The on-call numbers in E.164. */
  to: readonly string[];
}

/** Sends the text to every on-call number; rejects when any one could not be sent (the others are still tried). */
export function createUrgentTexter({ client, origination, to }: UrgentTexterOptions) {
  return async (quote: Quote, signal?: AbortSignal): Promise<void> => {
    const body = urgentTextBody(quote);
    const results = await Promise.allSettled(
      to.map((number) =>
        client.send(
          new SendTextMessageCommand({ DestinationPhoneNumber: number, OriginationIdentity: origination, MessageBody: body, MessageType: "TRANSACTIONAL" }),
          { abortSignal: signal },
        ),
      ),
    );
    const failed = results.find((result) => result.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
  };
}
