import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { en } from "../../client/messages/en";
import { REDIRECT_DELAY_MS } from "../../client/quote/rules";
import type { DevServer } from "../../src/serve/serve";
import { sitePhone } from "../unit/support/data-files";
import { serveProject } from "../unit/support/serve-project";
import { createTempProject, type TempProject } from "../unit/support/temp-project";
import { fillRequired, formsReady, useBrowser } from "./browser";
import { cityFiles } from "../unit/support/data-files";

// A city of data/ with Spanish pages, whichever it is today (issue 35).
const city = cityFiles().find((candidate) => candidate.spanish)!;

// A preview of the site (issue 27: `serve --base-path /previews/pr-42/ --preview`, as the preview workflow builds it)
// must never pass a request on to the coordinators: its quote forms send nothing, with or without JavaScript, and
// say so, with the number to call.

const browser = useBrowser();
const OPENED_AT = new Date("2026-03-02T15:00:00Z").getTime();

describe("the quote forms of a preview", () => {
  let project: TempProject;
  let server: DevServer;
  beforeAll(async () => {
    project = await createTempProject();
    server = await serveProject(project, { watch: false, basePath: "/previews/pr-42/", preview: true });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await project?.remove();
  });

  /** Opens a page of the preview, recording every request it makes after loading and every navigation. */
  async function open(path: string, javaScriptEnabled = true) {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    // The form's clock starts long before the visit, so no bot check stands between a submit and its request.
    await page.clock.setFixedTime(OPENED_AT);
    await page.goto(new URL(path, server.url).href);
    if (javaScriptEnabled) await formsReady(page);
    const requests: string[] = [];
    // (The icon the browser fetches when it likes is no request of the page's.)
    page.on("request", (request) => void (request.url().endsWith("/favicon.svg") || requests.push(`${request.method()} ${request.url()}`)));
    const messages: string[] = [];
    page.on("console", (message) => void messages.push(message.text()));
    return { page, requests, messages, close: () => context.close() };
  }

  const noticeOf = (page: Page) => page.locator("#quote form .form-preview-notice");

  it("shows the notice in place of the submit button, and sends nothing when the form is submitted", async () => {
    const { page, requests, messages, close } = await open("contact/");
    const form = page.locator("#quote form");
    await expect.poll(() => noticeOf(page).locator("strong").textContent()).toBe(en.quoteForm.previewNotice);
    expect(await form.getByRole("button", { name: "Request a Quote" }).count()).toBe(0);
    await fillRequired(form);
    await page.clock.setFixedTime(OPENED_AT + 60_000);
    await form.getByLabel("Full name").press("Enter");
    await form.getByLabel("Phone").press("Enter");
    // With no submit button, Enter submits nothing; clicking the notice does nothing either: no quote made, nothing
    // sent, no thank-you page. (Submitted by a script, the form only points at the notice: previewNotice.)
    await noticeOf(page).click();
    await page.evaluate(() => document.querySelector<HTMLFormElement>("#quote form")?.requestSubmit());
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains("form-preview-notice"))).toBe(true);
    await page.waitForTimeout(REDIRECT_DELAY_MS + 500);
    expect(page.url()).toBe(new URL("contact/", server.url).href);
    expect(requests.filter((request) => request.includes("/api/quote"))).toEqual([]);
    expect(requests).toEqual([]);
    expect(messages.filter((message) => message.includes("Quote request"))).toEqual([]);
    expect(await form.locator(".form-success").count()).toBe(0);
    expect(await form.getByLabel("Full name").inputValue()).toBe("Ann Example");
    await close();
  });

  it("sends nothing without JavaScript either: Enter in a field goes nowhere", async () => {
    const { page, requests, close } = await open("contact/", false);
    const form = page.locator("#quote form");
    expect(await form.getAttribute("action")).toBeNull();
    await fillRequired(form);
    await form.getByLabel("Full name").press("Enter");
    await page.waitForTimeout(500);
    expect(page.url()).toBe(new URL("contact/", server.url).href);
    expect(requests, JSON.stringify(requests)).toEqual([]);
    expect(await noticeOf(page).textContent()).toContain(`To ask for a quote, please call ${sitePhone().display}`);
    await close();
  });

  it("gives the compact form in the footer the same notice, whose phone link calls", async () => {
    const { page, close } = await open(`${city.urlSlug}/`);
    const footer = page.locator(".footer-quote form");
    expect(await footer.locator(".form-preview-notice strong").textContent()).toBe(en.quoteForm.previewNotice);
    expect(await footer.locator(".form-preview-notice a").getAttribute("href")).toBe(`tel:${sitePhone().tel}`);
    expect(await footer.getByRole("button", { name: "Request Callback" }).count()).toBe(0);
    await close();
  });
});
