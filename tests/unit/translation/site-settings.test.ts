// Issue 29: a translated page posts and links where the English one does, under a build's base path or preview.
import { beforeAll, expect, it } from "vitest";
import { markReviewed } from "../../../src/translation/review";
import type { SiteContent } from "../../../src/content/types";
import { validateSite } from "../../../src/translation/validate-site";
import { withBuildPath } from "../../../src/engine/build-path";
import { withTranslatedSites } from "../../../src/translation/site-settings";
import { loadRealSite } from "../support/site";

let content: SiteContent;
beforeAll(async () => {
  const english = (await loadRealSite()).sources.filter((file) => !file.path.startsWith("data/es/"));
  const spanish = { path: "data/es/site.yaml", text: "tagline: Aquí cuando nos necesita\ndescription: Coordinación de vuelos médicos no urgentes.\n" };
  const reviewed = { path: spanish.path, text: markReviewed(spanish, english.find((file) => file.path === "data/site.yaml")!).text };
  content = validateSite([...english, reviewed]);
});

it("gives each translation the run's base path and preview, with its own text", () => {
  const built = withTranslatedSites(withBuildPath(content, { basePath: "/previews/pr-42/", preview: true }), content);
  const site = built.translations.es!.site;
  expect(site.basePath).toBe("/previews/pr-42/");
  expect(site.preview).toEqual({ liveBasePath: "/" });
  expect(site.tagline).toBe("Aquí cuando nos necesita");
  expect(site.companyName).toBe(content.site.companyName);
});

it("leaves the content as it was when the settings are", () => {
  expect(withTranslatedSites(content, content)).toBe(content);
});
