// What the quote form calls each field, defined once: the form shows these labels, and `flightsite leads show`
// labels a stored quote with them, so a coordinator reads the same words the visitor answered.
import type { FieldName } from "./rules";

export const FIELD_LABELS = {
  full_name: "Full name",
  phone: "Phone",
  email: "Email",
  from_location: "Flying from (city or facility)",
  to_location: "Flying to (city or facility)",
  preferred_date: "Preferred date",
  urgency: "Urgency",
  mobility: "Mobility",
  equipment: "Equipment (if prescribed)",
  notes: "Notes",
  consent: "Consent",
  company: "Company (leave empty)",
} as const satisfies Record<FieldName, string>;
