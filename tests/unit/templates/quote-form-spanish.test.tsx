// Issue 29, point 6: the quote form in Spanish. Every word a visitor reads is Spanish; every value the form sends
// stays the English one the server's rules know; and only a Spanish page carries the Spanish words.
import { load, type CheerioAPI } from "cheerio";
import { cloneElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "../../../client/messages/en";
import { es } from "../../../client/messages/es";
import { EQUIPMENT_OPTIONS, MOBILITY_OPTIONS, URGENCY_OPTIONS } from "../../../client/quote/rules";
import type { SiteContent } from "../../../src/content/types";
import { ContactPage } from "../../../templates/ContactPage";
import { FooterQuote } from "../../../templates/FooterQuote";
import { QuoteDialog } from "../../../templates/QuoteDialog";
import { loadRealSite, renderPage, routeOf } from "../support/site";

let site: SiteContent["site"];
beforeAll(async () => {
  site = (await loadRealSite()).content.site;
});

const render = (element: ReactElement) => load(renderToStaticMarkup(element));

/** Every string of a text object, however deep. */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

/** What a reader sees of the markup (text, placeholders, labels), whitespace collapsed. */
function visibleWords($: CheerioAPI): string {
  const placeholders = $("[placeholder]").map((_, el) => $(el).attr("placeholder")).get();
  return [$.root().text(), ...placeholders].join(" ").replace(/\s+/g, " ");
}

/** The English words of the form and its sections, each long enough to be a word of its own. */
const englishWords = [...stringsOf(en.quoteForm), ...stringsOf(en.quoteSection), ...URGENCY_OPTIONS, ...MOBILITY_OPTIONS, ...EQUIPMENT_OPTIONS]
  .map((text) => text.trim())
  // "Monitor" is Spanish too; "." and ", 24/7." are punctuation around the number.
  .filter((text) => text.length > 3 && text !== "Monitor" && text !== ", 24/7.");

describe("the quote dialog in Spanish", () => {
  it("shows every label, legend, option, hint, consent and button in Spanish, and no English word of the form", () => {
    const $ = render(<QuoteDialog site={site} lang="es" />);
    const form = $("form");
    expect($("#quote-dialog-title").text()).toBe("Pida una cotización");
    expect($("[data-dialog-close]").text()).toBe("Cerrar");
    expect($(".dialog-intro").text()).toBe(
      `Un coordinador le devolverá la llamada. ¿Prefiere hablar ahora? Llame al ${site.phone.display}, las 24 horas, los 7 días de la semana.`,
    );
    expect(form.find(".form-hint").text()).toBe("Los campos marcados (obligatorio) se deben completar.");
    expect(form.find("label[for=quote-modal-full_name]").text()).toBe("Nombre completo (obligatorio)");
    expect(form.find("label[for=quote-modal-email]").text()).toBe("Correo electrónico");
    expect(form.find("legend").map((_, el) => $(el).text()).get()).toEqual([
      "Urgencia (obligatorio)",
      "Movilidad (obligatorio)",
      "Equipo (si está recetado)",
    ]);
    expect(form.find(".choice label").map((_, el) => $(el).text()).get()).toEqual([
      "Hoy",
      "En 24 a 48 horas",
      "Programado (en 3 días o más)",
      "Camilla",
      "Silla de ruedas",
      "Puede caminar / Asiento",
      "Oxígeno",
      "Vía intravenosa (IV)",
      "Monitor",
      "Otro",
    ]);
    expect(form.find("label[for=quote-modal-consent]").text()).toBe(`${es.quoteForm.consent} (obligatorio)`);
    expect(form.find("textarea").attr("placeholder")).toBe(es.quoteForm.notesPlaceholder);
    expect(form.find(".form-privacy a").text()).toBe("Cómo guardamos y usamos su solicitud");
    // Issue 40: to the Spanish privacy page, which every translation has.
    expect(form.find(".form-privacy a").attr()).toMatchObject({ href: "/es/privacy/" });
    expect(form.find(".form-privacy a").attr("hreflang")).toBeUndefined();
    expect(form.find("button[type=submit]").text()).toBe("Pida una cotización");
    const words = visibleWords($);
    expect(englishWords.filter((english) => words.includes(english))).toEqual([]);
  });

  it("sends the English option values and lang=es, with or without JavaScript", () => {
    const $ = render(<QuoteDialog site={site} lang="es" />);
    const values = (name: string) => $(`input[name=${name}]`).map((_, el) => $(el).attr("value")).get();
    expect(values("urgency")).toEqual([...URGENCY_OPTIONS]);
    expect(values("mobility")).toEqual([...MOBILITY_OPTIONS]);
    expect(values("equipment")).toEqual([...EQUIPMENT_OPTIONS]);
    expect(values("lang")).toEqual(["es"]);
    const props = JSON.parse($("[data-island]").attr("data-props")!) as Record<string, unknown>;
    expect(props).toMatchObject({ lang: "es", text: es.quoteForm });
  });

  // Issue 37: the English form gets its words in its props too, so the browser's script holds none of them.
  it("hands the English dialog its English words in its props, and no language: English is the form's own", () => {
    const $ = render(<QuoteDialog site={site} />);
    const props = JSON.parse($("[data-island]").attr("data-props")!) as Record<string, unknown>;
    expect(props.text).toEqual(en.quoteForm);
    expect(props).not.toHaveProperty("lang");
    expect($("#quote-dialog-title").text()).toBe("Request a Quote");
    expect($("button[type=submit]").text()).toBe("Request a Quote");
    expect($("input[name=lang]").attr("value")).toBe("en");
    expect(visibleWords($)).not.toMatch(/obligatorio|cotización/);
  });
});

describe("the other quote forms in Spanish", () => {
  it("gives the footer slot its Spanish heading, text and callback button", () => {
    const $ = render(<FooterQuote site={site} lang="es" />);
    expect($("#footer-quote-heading").text()).toBe("Pida que le llamemos");
    expect($(".footer-quote p").first().text()).toBe("Déjenos su nombre y número, y un coordinador le devolverá la llamada.");
    expect($("button[type=submit]").text()).toBe("Pida que le llamemos");
    expect($("input[name=email]")).toHaveLength(0);
    expect($("input[name=lang]").attr("value")).toBe("es");
  });

  it("gives the contact page's form section its Spanish heading and introduction", async () => {
    const route = await routeOf("/contact/");
    if (!("element" in route)) throw new Error("/contact/ is not a page");
    const contact = route.element;
    const $ = render(cloneElement(contact as ReactElement<{ lang?: string }>, { lang: "es" }));
    expect($("#quote-heading").text()).toBe("Pida una cotización");
    expect($("#quote > .container > p").first().text()).toBe(
      `Díganos a dónde y cuándo necesita viajar el paciente, y un coordinador le devolverá la llamada. Para algo urgente, llame al ${site.phone.display}.`,
    );
    expect($("#quote form input[name=lang]").attr("value")).toBe("es");
    expect($("#quote form button[type=submit]").text()).toBe("Pida una cotización");
  });

  it("gives the contact page's form the language of the page's chrome when the page carries one", async () => {
    const route = await routeOf("/contact/");
    if (!("element" in route)) throw new Error("/contact/ is not a page");
    const element = route.element as ReactElement<{ chrome: object; lang?: string }>;
    // The routes give every contact page its language; without one, the page's chrome decides.
    expect(element.props.lang).toBe("en");
    const $ = render(cloneElement(element, { chrome: { ...element.props.chrome, lang: "es" }, lang: undefined }));
    expect($("#quote-heading").text()).toBe("Pida una cotización");
    expect($("#quote form input[name=lang]").attr("value")).toBe("es");
    const spanish = await renderPage("/es/contact/");
    expect(spanish("#quote-heading").text()).toBe("Pida una cotización");
    expect(spanish("#quote form input[name=lang]").attr("value")).toBe("es");
  });

  it("says in Spanish that a preview's form sends nothing, and how to call instead", () => {
    const $ = render(<FooterQuote site={{ ...site, preview: { liveBasePath: "/" } }} lang="es" />);
    expect($(".form-preview-notice strong").text()).toBe("Esta es una vista previa del sitio web. Este formulario no envía solicitudes.");
    expect($(".form-preview-notice p").last().text()).toBe(
      `Para pedir una cotización, por favor llame al ${site.phone.display}: un coordinador responde las 24 horas, los 7 días de la semana.`,
    );
  });
});

describe("the Spanish words of the form", () => {
  it("translate every English text the form has (only Monitor is the same word)", () => {
    const english = stringsOf(en.quoteForm);
    const spanish = stringsOf({ ...es.quoteForm, options: undefined });
    expect(spanish).toHaveLength(english.length);
    expect(spanish.filter((text, i) => text === english[i])).toEqual([]);
    expect(Object.keys(es.quoteForm.options!)).toEqual([...URGENCY_OPTIONS, ...MOBILITY_OPTIONS, ...EQUIPMENT_OPTIONS]);
    expect(Object.entries(es.quoteForm.options!).filter(([value, text]) => value === text)).toEqual([["Monitor", "Monitor"]]);
  });

  it("use the glossary's Spanish for its terms", () => {
    expect(es.quoteForm.messages.emergency).toBe("En caso de emergencia, llame al 911.");
    expect(es.quoteForm.consent).toContain("vuelos no urgentes");
    expect(es.quoteForm.options!.Stretcher).toBe("Camilla");
    expect(es.quoteForm.options!.Wheelchair).toBe("Silla de ruedas");
    expect(es.quoteForm.options!.Oxygen).toBe("Oxígeno");
    expect(es.quoteForm.todayCall.join("")).toContain("coordinador");
  });
});
