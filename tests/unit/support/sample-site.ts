// The sample site: a frozen copy of data/ in tests/fixtures/sample-site/data/, for the tests of behaviour that need a
// whole, realistic site and name what is in it (its Naples and Sarasota pages, its MD Anderson destination, its home
// page's words, its page counts). Editors never touch it, so a change they make to data/ that the build accepts cannot
// break those tests (issue 35). Tests over the real content use site.ts and data-files.ts instead, and derive what they
// expect from data/.
import path from "node:path";
import type { CheerioAPI } from "cheerio";
import type { OutputFile, Route } from "../../../src/content/types";
import { loadSiteAt, projectRoot, renderPage, renderRoute, routeOf, type RealSite } from "./site";

export const sampleRoot = path.join(projectRoot, "tests/fixtures/sample-site");
/** The sample site's data/ folder: pass it to createTempProject({ data }) or to the data-files.ts readers. */
export const sampleDataDir = path.join(sampleRoot, "data");

/** The sample site as the build sees it: source files (at data/…), validated content and the route table. */
export const loadSampleSite = (): Promise<RealSite> => loadSiteAt(sampleRoot);
export const renderSampleRoute = (route: Route): Promise<OutputFile> => renderRoute(route, sampleRoot);
export const sampleRouteOf = (url: string): Promise<Route> => routeOf(url, sampleRoot);
export const renderSamplePage = (url: string): Promise<CheerioAPI> => renderPage(url, sampleRoot);
