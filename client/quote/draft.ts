import { emptyQuoteFields, type QuoteFields, type SourceSlot } from "./rules";

// A draft of the form lives in sessionStorage, so a reload or an accidental navigation loses nothing the visitor
// typed; it is cleared once the quote is sent. Storage can be missing or full (private mode): then drafts are off.

const key = (slot: SourceSlot) => `flightsite:quote-draft:${slot}`;

export function loadDraft(slot: SourceSlot): QuoteFields | undefined {
  try {
    const stored = sessionStorage.getItem(key(slot));
    if (!stored) return undefined;
    const parsed = JSON.parse(stored) as Partial<QuoteFields>;
    // The trap field is never restored: a person never fills it.
    return { ...emptyQuoteFields(), ...parsed, company: "" };
  } catch {
    return undefined;
  }
}

export function saveDraft(slot: SourceSlot, fields: QuoteFields): void {
  try {
    const { company: _trap, ...rest } = fields;
    sessionStorage.setItem(key(slot), JSON.stringify(rest));
  } catch {
    // Drafts are a convenience; the form works without them.
  }
}

export function clearDraft(slot: SourceSlot): void {
  try {
    sessionStorage.removeItem(key(slot));
  } catch {
    // See saveDraft.
  }
}
