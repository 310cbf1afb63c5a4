import type { Destination } from "./schema";

// A destination's title and description are written once for every city, with {city} where the name goes, and must
// stay within what search results show. A long name (Lauderdale-by-the-Sea) would push the usual form over, so a
// destination may give a shorter form; each city's page takes the first form that fits with its name in (issue 35).

/** The destination fields a city's name is filled into that have a limit, their limit, and their shorter form. */
export const cityFilledFields = {
  title: { max: 60, shorter: "titleShort" },
  metaDescription: { max: 160, shorter: "metaDescriptionShort" },
} as const;

export type CityFilledField = keyof typeof cityFilledFields;

/** Destination texts say {city} where the city's name goes. */
export const fillCity = (template: string, cityName: string) => template.replaceAll("{city}", cityName);

/** The forms of a field, usual first: the field and, when given, its shorter form. */
export function formsOf(destination: Pick<Destination, CityFilledField | "titleShort" | "metaDescriptionShort">, field: CityFilledField): { field: string; text: string }[] {
  const { shorter } = cityFilledFields[field];
  const forms = [{ field: field as string, text: destination[field] }];
  const short = destination[shorter];
  if (short !== undefined) forms.push({ field: shorter, text: short });
  return forms;
}

/**
 * The field's text for a city: the first form that fits the limit with the name filled in. validateContent refuses
 * a city whose name fits no form, so the last form is only a stand-in for content that was never validated.
 */
export function fillToFit(destination: Destination, field: CityFilledField, cityName: string): string {
  const filled = formsOf(destination, field).map((form) => fillCity(form.text, cityName));
  return filled.find((text) => text.length <= cityFilledFields[field].max) ?? filled.at(-1)!;
}

/** The fields of a destination for which no form fits with `cityName` filled in, with the shortest form's length. */
export function fieldsTooLongFor(destination: Destination, cityName: string): { field: CityFilledField; max: number; length: number }[] {
  return (Object.keys(cityFilledFields) as CityFilledField[]).flatMap((field) => {
    const { max } = cityFilledFields[field];
    const lengths = formsOf(destination, field).map((form) => fillCity(form.text, cityName).length);
    return lengths.some((length) => length <= max) ? [] : [{ field, max, length: Math.min(...lengths) }];
  });
}

/** The forms of a destination's titles and descriptions that are too long with `shortest` filled in. */
export function formsTooLong(destination: Destination, shortest: string): { path: string[]; problem: string }[] {
  return (Object.keys(cityFilledFields) as CityFilledField[]).flatMap((field) =>
    formsOf(destination, field)
      .map((form) => ({ form, length: fillCity(form.text, shortest).length }))
      .filter(({ length }) => length > cityFilledFields[field].max)
      .map(({ form, length }) => ({
        path: [form.field],
        problem: `must be at most ${cityFilledFields[field].max} characters with the city filled in; for "${shortest}", the shortest city name, it is ${length}`,
      })),
  );
}
