// The editing loop (issue 35, point 6): an editor's week replayed on a throwaway copy of the project, each edit made
// as the README says. After each one `flightsite build --strict` passes (the photo's untranslated alt aside, which
// is what --strict is for), the checks that need no browser pass, and every English and Spanish page that the data
// calls for is there. Expectations come from the files of the copy's data/, never from today's content.
import { existsSync } from "node:fs";
import { readFile, rename, rm, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { load } from "cheerio";
import sharp from "sharp";
import { parseDocument } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runChecks } from "../../../src/check";
import { markReviewed } from "../../../src/translation/review";
import { checkImageBudgets, weighImages } from "../../../src/check/image-budget";
import { readBuiltSite } from "../../../src/check/site";
import { build } from "../../../src/engine/build";
import { ContentError } from "../../../src/errors";
import { cityFiles, destinationFiles, sitePhone } from "../support/data-files";
import { createTempProject, type TempProject } from "../support/temp-project";

let project: TempProject;
beforeAll(async () => {
  project = await createTempProject();
});
afterAll(() => project?.remove());

const data = (name: string) => path.join(project.dataDir, name);
const strictBuild = () => build({ root: project.root, dataDir: project.dataDir, outDir: project.outDir, cache: true, strict: true });
const page = async (url: string) => load(await readFile(path.join(project.outDir, url, "index.html"), "utf8"));

/** Builds (strictly unless told), runs the checks that need no browser, and finds every page the copy's data/ calls for. */
async function buildAndCheck({ strict = true } = {}): Promise<void> {
  await build({ root: project.root, dataDir: project.dataDir, outDir: project.outDir, cache: true, strict });
  const failed = (await runChecks({ outDir: project.outDir, gates: ["links", "seo"] })).filter((row) => !row.passed);
  const site = await readBuiltSite(project.outDir);
  failed.push(...checkImageBudgets(weighImages(site)).filter((row) => !row.passed));
  expect(failed.map((row) => `${row.gate} ${row.what}: ${row.problems.join("; ")}`)).toEqual([]);
  const built = new Set(site.pages.map((builtPage) => builtPage.file));
  const segments = destinationFiles(project.dataDir).map((destination) => destination.urlSegment);
  const expected = cityFiles(project.dataDir).flatMap((city) => {
    const english = [`${city.urlSlug}/`, ...segments.map((segment) => `${city.urlSlug}/${segment}/`)];
    return [...english, ...(city.spanish ? english.map((url) => `es/${url}`) : [])];
  });
  expect(expected.filter((url) => !built.has(`${url}index.html`))).toEqual([]);
  expect(["index.html", "es/index.html", "cities/index.html", "es/cities/index.html"].filter((file) => !built.has(file))).toEqual([]);
}

/** Edits a YAML file of the copy through its document, keeping its comments. */
async function editYaml(file: string, edit: (document: ReturnType<typeof parseDocument>) => void): Promise<void> {
  const document = parseDocument(await readFile(file, "utf8"));
  edit(document);
  await writeFile(file, document.toString({ lineWidth: 0 }));
}

/** Every city file whose nearbyCity1–3 names `slug`, with that key. */
function citiesNaming(slug: string): { file: string; key: string }[] {
  return cityFiles(project.dataDir).flatMap((city) =>
    city.nearby.flatMap((place, index) => (place.slug === slug ? [{ file: city.file, key: `nearbyCity${index + 1}` }] : [])),
  );
}

describe("an editor's week", () => {
  it("starts from a site that builds and checks", async () => {
    await buildAndCheck();
  }, 120_000);

  it("adds a city with a 30-character name, copying naples.yaml as the README says", async () => {
    const name = "Lauderdale-by-the-Sea Townsite"; // invented: 30 characters, with hyphens and spaces as real names have
    const slug = "lauderdale-by-the-sea-townsite";
    const [template] = cityFiles(project.dataDir);
    const text = (await readFile(path.join(project.root, template!.file), "utf8")).replaceAll(template!.cityName, name);
    await writeFile(data(`cities/${slug}.yaml`), text);
    await editYaml(data(`cities/${slug}.yaml`), (document) => {
      document.set("urlSlug", slug);
      document.set("title", `Medical Flights: ${name}`);
      document.set("metaDescription", `Non-emergency medical flights from ${name}, Florida to cancer centers nationwide. Bed-to-bed coordination.`);
    });
    await buildAndCheck();
    const h1 = (await page(`${slug}/${destinationFiles(project.dataDir)[0]!.urlSegment}`))("h1").text();
    expect(h1).toContain(name);
    expect(existsSync(path.join(project.outDir, "es", slug))).toBe(false);
  }, 120_000);

  it("removes a city, and the nearby-city links to it become plain names", async () => {
    const removed = cityFiles(project.dataDir).find((city) => city.spanish && citiesNaming(city.urlSlug).length > 0)!;
    for (const { file, key } of citiesNaming(removed.urlSlug)) await editYaml(path.join(project.root, file), (document) => document.deleteIn([key, "slug"]));
    await rm(path.join(project.root, removed.file));
    await rm(data(`es/cities/${path.basename(removed.file)}`));
    await buildAndCheck();
    expect(existsSync(path.join(project.outDir, removed.urlSlug))).toBe(false);
    expect(existsSync(path.join(project.outDir, "es", removed.urlSlug))).toBe(false);
  }, 120_000);

  it("renames a city's slug, its file, its translation and the nearby-city references to it", async () => {
    const renamed = cityFiles(project.dataDir).find((city) => city.spanish && citiesNaming(city.urlSlug).length > 0)!;
    const slug = `${renamed.urlSlug}-fl`;
    for (const { file, key } of citiesNaming(renamed.urlSlug)) await editYaml(path.join(project.root, file), (document) => document.setIn([key, "slug"], slug));
    await editYaml(path.join(project.root, renamed.file), (document) => document.set("urlSlug", slug));
    await rename(path.join(project.root, renamed.file), data(`cities/${slug}.yaml`));
    await rename(data(`es/cities/${path.basename(renamed.file)}`), data(`es/cities/${slug}.yaml`));
    await buildAndCheck();
    expect(existsSync(path.join(project.outDir, renamed.urlSlug))).toBe(false);
    expect((await page(`es/${slug}`))("html").attr("lang")).toBe("es");
  }, 120_000);

  it("changes the phone number in site.yaml, and every page calls the new one", async () => {
    await editYaml(data("site.yaml"), (document) => {
      document.setIn(["phone", "display"], "(877) 555-0142");
      document.setIn(["phone", "tel"], "+18775550142");
    });
    await buildAndCheck();
    expect(sitePhone(project.dataDir)).toEqual({ display: "(877) 555-0142", tel: "+18775550142" });
    for (const url of ["", "es", cityFiles(project.dataDir)[0]!.urlSlug]) expect((await page(url))('a[href="tel:+18775550142"]').length, url).toBeGreaterThan(0);
  }, 120_000);

  it("adds a hero photo to the home page with English text: the Spanish home page stays, its alt marked English, and --strict says where", async () => {
    await mkdir(data("images"), { recursive: true });
    // As wide as a hero photo is shown (1600 px): a narrower one is refused as blurred.
    await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#3a6f8f" } }).jpeg().toFile(data("images/cabin.jpg"));
    await editYaml(data("home.yaml"), (document) => {
      document.set("photo", { src: "cabin.jpg", alt: "The stretcher set up in the aircraft cabin", rights: "own", credit: "Jane Doe", hero: true });
    });
    const error = await strictBuild().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentError);
    const problems = (error as ContentError).problems;
    expect(problems.map((p) => `${p.field}: ${p.problem}`)).toEqual([
      'photo.alt: is not translated: the Spanish page shows the photo with the English alt (marked lang="en") until it is',
    ]);
    expect(problems[0]!.file).toMatch(/(^|\/)data\/es\/home\.yaml$/);
    await buildAndCheck({ strict: false });
    const spanish = await page("es");
    expect(spanish(".photo-hero img").attr()).toMatchObject({ alt: "The stretcher set up in the aircraft cabin", lang: "en" });
    expect(spanish(".photo-hero figcaption").text()).toBe("Foto: Jane Doe");
  }, 120_000);

  it("translates the photo's alt, marks it reviewed, and the Spanish home page shows it", async () => {
    await editYaml(data("es/home.yaml"), (document) => document.set("photo", { alt: "La camilla preparada en la cabina del avión" }));
    const spanish = { path: data("es/home.yaml"), text: await readFile(data("es/home.yaml"), "utf8") };
    const english = { path: data("home.yaml"), text: await readFile(data("home.yaml"), "utf8") };
    await writeFile(spanish.path, markReviewed(spanish, english).text);
    await buildAndCheck();
    const image = (await page("es"))(".photo-hero img");
    expect(image.attr("alt")).toBe("La camilla preparada en la cabina del avión");
    expect(image.attr("lang")).toBeUndefined();
  }, 120_000);
});
