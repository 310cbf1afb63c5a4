import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { en } from "../../client/messages/en";
import { EQUIPMENT_OPTIONS, MOBILITY_OPTIONS, URGENCY_OPTIONS } from "../../client/quote/rules";
import { sitePhone } from "../unit/support/data-files";
import { PHONE, formsReady, useBrowser } from "./browser";
import { SPANISH_PAGE, serveSpanishFormPage, type SpanishFormSite } from "./spanish-form-page";

// Issue 29, point 6: the quote form in Spanish on a phone, in a real browser: every message and state in Spanish,
// the values sent the English ones the intake knows, and the quote stored with lang "es" — with JavaScript and without.

const browser = useBrowser();
const OPENED_AT = new Date("2026-03-02T15:00:00Z").getTime();

let site: SpanishFormSite;
beforeAll(async () => {
  site = await serveSpanishFormPage(inject("distDir"));
});
afterAll(() => site?.close());

/** Opens the Spanish page at 375 px with its clock standing still (see quote-form.test.ts), forms hydrated. */
async function open(): Promise<{ page: Page; form: Locator; messages: string[] }> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const messages: string[] = [];
  page.on("console", (message) => messages.push(`${message.type()}: ${message.text()}`));
  page.on("pageerror", (error) => messages.push(`pageerror: ${error.message}`));
  await page.clock.setFixedTime(OPENED_AT);
  await page.goto(new URL(SPANISH_PAGE, site.url).href);
  await formsReady(page);
  return { page, form: page.locator("#quote form"), messages };
}

const passBotDelay = (page: Page) => page.clock.setFixedTime(OPENED_AT + 5000);

async function fillRequired(form: Locator, { compact = false } = {}) {
  await form.getByLabel("Nombre completo").fill("Ana Ejemplo");
  await form.getByLabel("Teléfono").fill("(555) 123-4567");
  await form.getByLabel("Lugar de salida").fill("Naples, FL");
  await form.getByLabel("Lugar de llegada").fill("Houston, TX");
  await form.getByLabel("Programado (en 3 días o más)", { exact: true }).check();
  await form.getByLabel("Silla de ruedas", { exact: true }).check();
  if (!compact) await form.getByLabel("Oxígeno", { exact: true }).check();
  await form.getByLabel(/^Entiendo que este formulario es solo para coordinar vuelos no urgentes/).check();
}

async function storedQuotes(): Promise<Record<string, unknown>[]> {
  const text = await readFile(site.quotesFile, "utf8").catch(() => "");
  return text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The English words of the form that must not show on a Spanish page ("Monitor" is Spanish too). */
const englishWords = [
  ...Object.values(en.quoteForm.labels),
  ...Object.values(en.quoteForm.messages),
  en.quoteForm.hint,
  en.quoteForm.required,
  en.quoteForm.submit,
  en.quoteForm.privacy,
  ...URGENCY_OPTIONS,
  ...MOBILITY_OPTIONS,
  ...EQUIPMENT_OPTIONS.filter((option) => option !== "Monitor" && option !== "IV"),
];

describe("the quote form in Spanish at 375 px", () => {
  it("stays in Spanish once its script has started, every option still sending its English value", async () => {
    const { page, form, messages } = await open();
    const shown = await form.innerText();
    expect(englishWords.filter((word) => shown.includes(word))).toEqual([]);
    expect(shown).toContain("Nombre completo (obligatorio)");
    expect(shown).toContain("Los campos marcados (obligatorio) se deben completar.");
    expect(await form.locator("textarea").getAttribute("placeholder")).toBe(
      "Todo lo que nos ayude a planear el viaje, como los horarios o quién más viajará. Por favor, no incluya datos médicos delicados.",
    );
    expect(await form.getByLabel("Silla de ruedas", { exact: true }).getAttribute("value")).toBe("Wheelchair");
    expect(await form.getByLabel("Vía intravenosa (IV)", { exact: true }).getAttribute("value")).toBe("IV");
    expect(messages.filter((m) => m.startsWith("pageerror") || m.startsWith("error"))).toEqual([]);
    await page.context().close();
  });

  it("shows every required-field message in Spanish, marks the fields invalid, and clears a message when its field is edited", async () => {
    const { page, form } = await open();
    await form.getByRole("button", { name: "Pida una cotización" }).click();
    for (const message of [
      "El nombre es obligatorio",
      "El teléfono es obligatorio",
      "El lugar de salida es obligatorio",
      "El lugar de llegada es obligatorio",
      "La urgencia es obligatoria",
      "La movilidad es obligatoria",
      "El consentimiento es obligatorio",
    ]) {
      await expect.poll(() => form.getByText(message, { exact: true }).count(), { message }).toBe(1);
    }
    const name = form.getByLabel("Nombre completo");
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("quote-inline-full_name");
    await name.fill("A");
    await expect.poll(() => form.getByText("El nombre es obligatorio").count()).toBe(0);
    expect(await form.getByText("El teléfono es obligatorio").count()).toBe(1);
    await page.context().close();
  });

  it("refuses a bad phone number and a bad e-mail address in Spanish", async () => {
    const { page, form } = await open();
    await form.getByLabel("Teléfono").fill("555-1234");
    await form.getByLabel("Correo electrónico").fill("ana en gmail");
    await form.getByRole("button", { name: "Pida una cotización" }).click();
    await expect.poll(() => form.getByText("Por favor, escriba un número de teléfono válido", { exact: true }).count()).toBe(1);
    expect(await form.getByText("Por favor, escriba un correo electrónico válido", { exact: true }).count()).toBe(1);
    expect(await form.getByLabel("Correo electrónico").getAttribute("aria-invalid")).toBe("true");
    await page.context().close();
  });

  it("warns about emergencies in Spanish when the urgency is Hoy", async () => {
    const { page, form } = await open();
    expect(await form.getByText("En caso de emergencia, llame al 911.").count()).toBe(0);
    await form.getByLabel("Hoy", { exact: true }).check();
    await expect.poll(() => form.getByText("En caso de emergencia, llame al 911.").count()).toBe(1);
    expect((await form.locator(".form-notice").innerText()).replace(/\s+/g, " ")).toContain(
      `Para un vuelo hoy, por favor llámenos también al ${sitePhone().display} después de enviar este formulario, para que un coordinador pueda comenzar de inmediato.`,
    );
    expect(await form.locator(`.form-notice a[href='tel:${sitePhone().tel}']`).count()).toBe(1);
    await page.context().close();
  });

  it("asks the human check in Spanish, keeps it after a wrong answer, then sends: Enviando..., success, /es/thank-you/, stored with lang es", async () => {
    const { page, form } = await open();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // Holds the request a moment, so the submitting state can be seen, then lets it through to the receiver.
    await page.route("**/api/quote", async (route) => {
      await held;
      await route.continue();
    });
    await fillRequired(form);
    await form.getByRole("button", { name: "Pida una cotización" }).click();
    const check = form.getByLabel("Por favor, resuelva: 3 + 4 = ?");
    await check.waitFor();
    await check.fill("8");
    await form.getByRole("button", { name: "Verificar" }).click();
    await expect.poll(() => form.getByText("Esa no es la respuesta correcta. Por favor, inténtelo de nuevo.").count()).toBe(1);
    await check.fill("7");
    await form.getByRole("button", { name: "Verificar" }).click();
    const button = form.locator("button[type=submit]");
    await expect.poll(() => button.textContent()).toBe("Enviando...");
    expect(await button.isDisabled()).toBe(true);
    release();
    await expect.poll(() => form.getByText("¡Su solicitud de cotización se envió correctamente!").count()).toBe(1);
    expect(await form.getByText("Redirigiendo a la página de confirmación...").count()).toBe(1);
    expect(await button.isDisabled()).toBe(true);
    await page.waitForURL(/\/es\/thank-you\/\?case=AF\d{8}[A-Z0-9]{4}$/);
    const caseId = new URL(page.url()).searchParams.get("case")!;
    await expect.poll(() => page.locator("[data-case-id]").textContent()).toBe(caseId);
    const stored = (await storedQuotes()).filter((quote) => quote.case_id === caseId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      lang: "es",
      full_name: "Ana Ejemplo",
      urgency: "Planned (3+ days)",
      mobility: "Wheelchair",
      equipment: ["Oxygen"],
      consent: true,
      source_slot: "inline",
      device: "mobile",
    });
    await page.context().close();
  });

  it("shows the error in Spanish and keeps every value when the quote cannot be delivered", async () => {
    const { page, form } = await open();
    await page.route("**/api/quote", (route) => route.fulfill({ status: 503, body: "{}" }));
    await fillRequired(form);
    await passBotDelay(page);
    await form.getByRole("button", { name: "Pida una cotización" }).click();
    await expect.poll(() => form.getByText("Algo salió mal. Por favor, inténtelo de nuevo.").count()).toBe(1);
    expect(await form.getByLabel("Nombre completo").inputValue()).toBe("Ana Ejemplo");
    expect(await form.getByLabel("Silla de ruedas", { exact: true }).isChecked()).toBe(true);
    expect(await form.getByRole("button", { name: "Pida una cotización" }).isEnabled()).toBe(true);
    await page.context().close();
  });

  it("sends the dialog's and the footer's quotes with lang es too", async () => {
    const { page } = await open();
    await page.getByRole("link", { name: "Pida una cotización" }).click();
    const dialog = page.locator("#quote-dialog");
    expect(await dialog.locator("#quote-dialog-title").textContent()).toBe("Pida una cotización");
    await fillRequired(dialog.locator("form"));
    await passBotDelay(page);
    await Promise.all([page.waitForURL(/\/es\/thank-you\/\?case=/), dialog.getByRole("button", { name: "Pida una cotización" }).click()]);
    const fromDialog = new URL(page.url()).searchParams.get("case")!;

    await page.goto(new URL(SPANISH_PAGE, site.url).href);
    await formsReady(page);
    await page.clock.setFixedTime(OPENED_AT + 60_000);
    const footer = page.locator(".footer-quote form");
    await fillRequired(footer, { compact: true });
    await Promise.all([page.waitForURL(/\/es\/thank-you\/\?case=/), footer.getByRole("button", { name: "Pida que le llamemos" }).click()]);
    const fromFooter = new URL(page.url()).searchParams.get("case")!;

    const stored = await storedQuotes();
    expect(stored.find((quote) => quote.case_id === fromDialog)).toMatchObject({ lang: "es", source_slot: "modal" });
    expect(stored.find((quote) => quote.case_id === fromFooter)).toMatchObject({ lang: "es", source_slot: "footer", mobility: "Wheelchair" });
    await page.context().close();
  });
});

describe("the quote form in Spanish without JavaScript", () => {
  it("posts lang=es: the quote is stored with it and the visitor lands on /es/thank-you/", async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(new URL(SPANISH_PAGE, site.url).href);
    const form = page.locator("#quote form");
    await fillRequired(form);
    await Promise.all([page.waitForURL(/\/es\/thank-you\/\?case=AF\d{8}[A-Z0-9]{4}$/), form.getByRole("button", { name: "Pida una cotización" }).click()]);
    const caseId = new URL(page.url()).searchParams.get("case");
    expect((await storedQuotes()).find((quote) => quote.case_id === caseId)).toMatchObject({
      lang: "es",
      full_name: "Ana Ejemplo",
      urgency: "Planned (3+ days)",
      equipment: ["Oxygen"],
      source_slot: "inline",
    });
    await context.close();
  });
});
