import type { CheerioAPI } from "cheerio";
import { count, type GateResult } from "./report";
import { addressOfLink, type BuiltPage, type BuiltSite } from "./site";

export const seoLimits = { title: 60, description: 160 } as const;

/**
 * Search basics on every page: one h1, a short unique title and description, a canonical that is the page's own
 * address, a language, and JSON-LD that parses and says what the page shows. Pages marked noindex (thank-you, 404)
 * are left out of the uniqueness comparisons only: search engines never list them, so sharing a title hurts no one.
 */
export function checkSeo(site: BuiltSite): GateResult[] {
  const { pages } = site;
  // A preview marks every page noindex: compare the pages its live site would list.
  const indexed = pages.filter((page) => (site.preview ? page.kind !== "not-found" && page.kind !== "thank-you" : !isNoindex(page.$)));
  const titles = pages.map((page) => ({ page, text: page.$("head > title").text() }));
  const descriptions = pages.map((page) => ({ page, text: page.$('head > meta[name="description"]').attr("content") ?? "" }));
  const ldBlocks = pages.reduce((sum, page) => sum + page.$('script[type="application/ld+json"]').length, 0);
  const rows: GateResult[] = [
    seoRow(
      "exactly one h1 on every page",
      pages.length,
      pages.flatMap((page) => {
        // A block the page keeps hidden, or inert in a template (the 404's body in another language), is not part of
        // the page as read.
        const h1 = page.$("h1").not("[hidden] h1").filter((_, element) => !inTemplate(element)).length;
        return h1 === 1 ? [] : [`${page.url}: ${h1} h1 elements`];
      }),
    ),
    textRow("<title>", seoLimits.title, titles, indexed),
    textRow('<meta name="description">', seoLimits.description, descriptions, indexed),
    seoRow(
      "canonical is the page's own address",
      pages.length,
      pages.flatMap((page) => {
        const canonicals = page.$('link[rel="canonical"]').map((_, el) => page.$(el).attr("href")).get();
        const expected = `${site.baseUrl}${page.url}`;
        return canonicals.length === 1 && canonicals[0] === expected
          ? []
          : [`${page.url}: canonical ${canonicals.length === 0 ? "missing" : canonicals.join(", ")}; expected ${expected}`];
      }),
    ),
    seoRow(
      'lang on <html> ("en", "en-US")',
      pages.length,
      pages.flatMap((page) => {
        const lang = page.$("html").attr("lang") ?? "";
        return /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(lang) ? [] : [`${page.url}: lang is "${lang}"`];
      }),
    ),
    seoRow(
      `JSON-LD parses and matches the page (telephone, FAQs, breadcrumb): ${count(ldBlocks, "block")}`,
      pages.length,
      pages.flatMap((page) => jsonLdProblems(page, site)),
    ),
  ];
  return rows;
}

// --- internal ---

function isNoindex($: CheerioAPI): boolean {
  return /\bnoindex\b/i.test($('meta[name="robots"]').attr("content") ?? "");
}

function seoRow(what: string, pages: number, problems: string[]): GateResult {
  return {
    gate: "SEO",
    what: `${what}, ${count(pages, "page")}`,
    result: count(problems.length, "problem"),
    threshold: "0 problems",
    passed: problems.length === 0,
    problems,
  };
}

/** A title or description: present, within `limit` characters, and not shared by two indexed pages. */
function textRow(name: string, limit: number, texts: { page: BuiltPage; text: string }[], indexed: BuiltPage[]): GateResult {
  const problems: string[] = [];
  for (const { page, text } of texts) {
    if (text.trim() === "") problems.push(`${page.url}: ${name} is missing or empty`);
    else if (text.length > limit) problems.push(`${page.url}: ${name} has ${text.length} characters: "${text}"`);
  }
  const byText = new Map<string, string[]>();
  for (const { page, text } of texts) if (indexed.includes(page)) byText.set(text, [...(byText.get(text) ?? []), page.url]);
  for (const [text, urls] of byText) if (urls.length > 1) problems.push(`${urls.join(", ")}: share the ${name} "${text}"`);
  const longest = Math.max(...texts.map(({ text }) => text.length));
  return {
    gate: "SEO",
    what: `${name} ≤ ${limit} characters, unique (noindex pages aside), ${count(texts.length, "page")}`,
    result: problems.length === 0 ? `longest ${longest}, no duplicates` : count(problems.length, "problem"),
    threshold: `≤ ${limit}, unique`,
    passed: problems.length === 0,
    problems,
  };
}

type Json = Record<string, unknown>;

/** The page's JSON-LD blocks parse, and their phone, FAQs and breadcrumb are the ones the page shows. */
function jsonLdProblems(page: BuiltPage, site: BuiltSite): string[] {
  const { $, url } = page;
  const problems: string[] = [];
  const blocks: Json[] = [];
  $('script[type="application/ld+json"]').each((index, element) => {
    try {
      const data = JSON.parse($(element).text()) as Json;
      if (data["@context"] !== "https://schema.org" || typeof data["@type"] !== "string") {
        problems.push(`${url}: JSON-LD block ${index + 1} has no schema.org @context and @type`);
      }
      blocks.push(data);
    } catch (error) {
      problems.push(`${url}: JSON-LD block ${index + 1} does not parse: ${(error as Error).message}`);
    }
  });

  // The business's own line is on every tel: link outside <main> (header, footer, call bar); the main content may
  // also give other numbers, like a hospital's, which are not the business's telephone.
  const ownLines = [...new Set($('a[href^="tel:"]').filter((_, a) => $(a).closest("main").length === 0).map((_, a) => $(a).attr("href")!.slice(4)).get())];
  if (ownLines.length !== 1) problems.push(`${url}: the tel: links outside <main> should all be the one phone line, found ${ownLines.join(", ") || "none"}`);
  for (const telephone of blocks.flatMap((block) => valuesOf(block, "telephone"))) {
    if (telephone !== ownLines[0]) problems.push(`${url}: JSON-LD telephone ${String(telephone)}, but the page's phone line is tel:${ownLines[0] ?? "(none)"}`);
  }

  const faqPage = blocks.find((block) => block["@type"] === "FAQPage");
  const shownFaqs = $(".faq")
    .map((_, faq) => {
      const question = $(faq).find("h2, h3, h4").first();
      return { question: clean(question.text()), answer: clean($(faq).children().not(question).text()) };
    })
    .get();
  const statedFaqs = ((faqPage?.mainEntity as Json[] | undefined) ?? []).map((entry) => ({
    question: clean(String(entry.name ?? "")),
    answer: clean(String((entry.acceptedAnswer as Json | undefined)?.text ?? "")),
  }));
  if (JSON.stringify(shownFaqs) !== JSON.stringify(statedFaqs)) {
    problems.push(
      `${url}: FAQPage JSON-LD has ${count(statedFaqs.length, "question")}, the page shows ${count(shownFaqs.length, "question")}` +
        (statedFaqs.length === shownFaqs.length ? " with other words" : ""),
    );
  }

  const breadcrumbList = blocks.find((block) => block["@type"] === "BreadcrumbList");
  const shownTrail = $('nav.breadcrumb li, nav[aria-label="Breadcrumb"] li')
    .map((index, li) => ({ position: index + 1, name: clean($(li).text()), item: addressOfLink(site, $(li).find("a").attr("href") ?? "", url) }))
    .get();
  const statedTrail = ((breadcrumbList?.itemListElement as Json[] | undefined) ?? []).map((entry) => ({
    position: entry.position,
    name: clean(String(entry.name ?? "")),
    item: entry.item,
  }));
  if (JSON.stringify(shownTrail) !== JSON.stringify(statedTrail)) {
    problems.push(
      `${url}: BreadcrumbList JSON-LD is ${statedTrail.map((c) => c.name).join(" › ") || "missing"}, ` +
        `the page shows ${shownTrail.map((c) => c.name).join(" › ") || "no breadcrumb"}`,
    );
  }
  return problems;
}

/** Every value of `key` anywhere in a JSON-LD tree. */
function valuesOf(value: unknown, key: string): unknown[] {
  if (Array.isArray(value)) return value.flatMap((item) => valuesOf(item, key));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => (k === key ? [v] : valuesOf(v, key)));
}

const clean = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * Whether `node` is in a <template>'s content: cheerio keeps that content under a root of its own, where selectors
 * ("template h1") stop.
 */
function inTemplate(node: { parent: unknown }): boolean {
  for (let at = node.parent as { parent: unknown; name?: string } | null; at; at = at.parent as typeof at) if (at.name === "template") return true;
  return false;
}
