import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  assembleQuote,
  caseIdFromQuery,
  CASE_ID_PATTERN,
  createCaseId,
  destinationSlug,
  emptyQuoteFields,
  EQUIPMENT_OPTIONS,
  isValidPhone,
  MOBILITY_OPTIONS,
  URGENCY_OPTIONS,
  validateQuote,
  type QuoteFields,
} from "../../../client/quote/rules";
import { en } from "../../../client/messages/en";

const complete: QuoteFields = {
  ...emptyQuoteFields(),
  full_name: "Ann Example",
  phone: "(555) 123-4567",
  from_location: "Naples, FL",
  to_location: "Houston, TX",
  urgency: "24-48 hrs",
  mobility: "Stretcher",
  consent: true,
};

describe("the required fields", () => {
  it("names every missing field with the spec's message", () => {
    expect(validateQuote(emptyQuoteFields(), en.quoteForm.messages)).toEqual({
      full_name: "Name is required",
      phone: "Phone is required",
      from_location: "From location is required",
      to_location: "To location is required",
      urgency: "Urgency is required",
      mobility: "Mobility is required",
      consent: "Consent is required",
    });
  });

  it("accepts a complete quote, with email, date, equipment and notes optional", () => {
    expect(validateQuote(complete, en.quoteForm.messages)).toEqual({});
  });

  it("checks an e-mail address only when one is given (issue 25)", () => {
    expect(validateQuote({ ...complete, email: "" }, en.quoteForm.messages)).toEqual({});
    expect(validateQuote({ ...complete, email: "  " }, en.quoteForm.messages)).toEqual({});
    expect(validateQuote({ ...complete, email: "ann lee at gmail" }, en.quoteForm.messages)).toEqual({ email: "Please enter a valid email address" });
  });

  it("treats a name of spaces as missing", () => {
    expect(validateQuote({ ...complete, full_name: "   " }, en.quoteForm.messages)).toEqual({ full_name: "Name is required" });
  });
});

describe("the phone rule", () => {
  it("matches the rule as written: 10 to 15 digits once non-digits are removed, or (555) 123-4567", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (phone) => {
        const digits = phone.replace(/\D/g, "").length;
        const expected = (digits >= 10 && digits <= 15) || /^\(\d{3}\) \d{3}-\d{4}$/.test(phone.trim());
        expect(isValidPhone(phone)).toBe(expected);
      }),
    );
  });

  it("accepts any 10 to 15 digits, however they are punctuated", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 10, maxLength: 15 }), fc.constantFrom("", " ", "-", ".", "+"), (digits, separator) => {
        expect(isValidPhone(digits.join(separator))).toBe(true);
      }),
    );
  });

  it("refuses 9 or 16 digits, and says so in the spec's words", () => {
    expect(isValidPhone("555-123-456")).toBe(false);
    expect(isValidPhone("1234567890123456")).toBe(false);
    expect(validateQuote({ ...complete, phone: "555-1234" }, en.quoteForm.messages)).toEqual({ phone: "Please enter a valid phone number" });
  });
});

describe("the options", () => {
  it("are the spec's, and none has an empty value", () => {
    expect(URGENCY_OPTIONS).toEqual(["Today", "24-48 hrs", "Planned (3+ days)"]);
    expect(MOBILITY_OPTIONS).toEqual(["Stretcher", "Wheelchair", "Ambulatory / Seat"]);
    expect(EQUIPMENT_OPTIONS).toEqual(["Oxygen", "IV", "Monitor", "Other"]);
    for (const option of [...URGENCY_OPTIONS, ...MOBILITY_OPTIONS, ...EQUIPMENT_OPTIONS]) expect(option).not.toBe("");
  });
});

describe("the case id", () => {
  it("is AF, the last 8 digits of the time in milliseconds, and 4 random uppercase letters or digits", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.array(fc.double({ min: 0, max: 0.999999, noNaN: true }), { minLength: 4, maxLength: 4 }), (now, randoms) => {
        let call = 0;
        const id = createCaseId(now, () => randoms[call++]!);
        expect(id).toMatch(CASE_ID_PATTERN);
        expect(id.slice(2, 10)).toBe(String(now).slice(-8).padStart(8, "0"));
      }),
    );
    expect(createCaseId(1_757_250_000_123, () => 0)).toBe("AF50000123AAAA");
  });

  it("is shown on /thank-you only when ?case= has the format; otherwise AF00000000", () => {
    expect(caseIdFromQuery("?case=AF12345678ABC9")).toBe("AF12345678ABC9");
    expect(caseIdFromQuery("")).toBe("AF00000000");
    expect(caseIdFromQuery("?case=<script>alert(1)</script>")).toBe("AF00000000");
    expect(caseIdFromQuery("?case=AF12345678abc9")).toBe("AF00000000");
    expect(caseIdFromQuery("?case=AF12345678ABC9X")).toBe("AF00000000");
  });
});

describe("the assembled quote", () => {
  const context = {
    href: "https://www.example.org/naples/flights-to-mayo-clinic-rochester/?utm_source=news&utm_medium=email&utm_campaign=fall",
    title: "Naples to Mayo Clinic",
    windowWidth: 1024,
    slot: "modal" as const,
    nowMs: Date.UTC(2025, 8, 7, 12, 0, 0),
    random: () => 0.5,
  };

  it("adds the page, the city and destination slugs, the slot, the campaign, the device, the case id and the time", () => {
    const quote = assembleQuote({ ...complete, company: "" }, context);
    expect(quote).toMatchObject({
      full_name: "Ann Example",
      page_url: context.href,
      page_title: "Naples to Mayo Clinic",
      city_slug: "naples",
      destination_slug: "mayo-clinic",
      source_slot: "modal",
      utm_source: "news",
      utm_medium: "email",
      utm_campaign: "fall",
      device: "desktop",
      timestamp: "2025-09-07T12:00:00.000Z",
    });
    expect(quote.case_id).toMatch(CASE_ID_PATTERN);
    expect(quote).not.toHaveProperty("company");
  });

  it("says mobile under 768 px and desktop from 768 px", () => {
    expect(assembleQuote(complete, { ...context, windowWidth: 767 }).device).toBe("mobile");
    expect(assembleQuote(complete, { ...context, windowWidth: 768 }).device).toBe("desktop");
  });

  it("takes the first path segment as the city slug, and leaves slugs and campaign empty where there are none", () => {
    const quote = assembleQuote(complete, { ...context, href: "https://www.example.org/" });
    expect(quote).toMatchObject({ city_slug: "", destination_slug: "", utm_source: "", utm_medium: "", utm_campaign: "" });
    expect(assembleQuote(complete, { ...context, href: "https://www.example.org/contact/" }).city_slug).toBe("contact");
  });

  it("knows both destinations from the path", () => {
    expect(destinationSlug("/naples/flights-to-md-anderson-houston/")).toBe("md-anderson");
    expect(destinationSlug("/naples/flights-to-mayo-clinic-rochester/")).toBe("mayo-clinic");
    expect(destinationSlug("/naples/")).toBe("");
  });
});
