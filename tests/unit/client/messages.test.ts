// Issue 37: one Messages per language holds every interface word, the templates', the quote form's and the
// intake's. A word one language has and the other lacks is a type error (Messages) and fails here.
import { describe, expect, it } from "vitest";
import { messages, type Messages } from "../../../client/messages";
import { en } from "../../../client/messages/en";
import { es } from "../../../client/messages/es";

/** Every key of a words object, however deep, as a dotted path; lists are words themselves ("months"). */
function keysOf(value: unknown, prefix = ""): string[] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) => [`${prefix}${key}`, ...keysOf(inner, `${prefix}${key}.`)]);
}

/** Every string of a words object, however deep. */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

describe("the interface words", () => {
  it("give English and Spanish the same keys, but the two only Spanish needs", () => {
    const english = keysOf(en);
    const spanish = keysOf(es);
    expect(english.filter((key) => !spanish.includes(key))).toEqual([]);
    // The letter template stays English, so only other languages' pages describe it; English options show their value.
    expect(spanish.filter((key) => !english.includes(key)).filter((key) => !/^quoteForm\.options\./.test(key))).toEqual([
      "caseManagers.letter",
      "caseManagers.letter.label",
      "caseManagers.letter.summary",
      "quoteForm.options",
    ]);
  });

  it("give every language, and only the languages a quote may be in, its words", () => {
    expect(messages).toEqual({ en, es });
  });

  it("say something in every word: no empty text in either language", () => {
    for (const words of [en, es]) {
      // Sentences around a phone number may end in punctuation alone (", 24/7." or "."); none is empty.
      expect(stringsOf(words).filter((text) => text.trim() === "")).toEqual([]);
    }
  });

  it("hand the quote form plain JSON: its words survive the island's data-props unchanged", () => {
    for (const words of [en, es]) expect(JSON.parse(JSON.stringify(words.quoteForm))).toEqual(words.quoteForm);
  });

  it("make a language without one of the words a type error", () => {
    const { skipLink: _missing, ...withoutOne } = es;
    // @ts-expect-error Messages requires every word: tsc --noEmit fails if this line compiles.
    const incomplete: Messages = withoutOne;
    expect(incomplete).not.toHaveProperty("skipLink");
  });
});
