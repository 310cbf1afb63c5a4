/** The gates by the names `flightsite check --only` takes. Kept apart so the CLI can name them without loading the tools. */
export const gateNames = ["html", "accessibility", "links", "budgets", "seo"] as const;
export type GateName = (typeof gateNames)[number];
