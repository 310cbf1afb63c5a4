import { describe, expect, it } from "vitest";
import { withBuildPath } from "../../../src/engine/build-path";
import { routeKey, sharedInputs } from "../../../src/render/route-key";
import { testAssets } from "../support/site";
import { loadSampleSite } from "../support/sample-site";

// Issue 27: the base path and the preview flag travel in content.site, which every route's key hashes, so a build for
// another path (or a preview) never takes a page rendered for the last one from the build cache.
describe("the route key under a base path", () => {
  it("differs with the base path and with the preview flag, and not otherwise", async () => {
    const { content, routes } = await loadSampleSite();
    const naples = routes.find((route) => route.url === "/naples/")!;
    const keyOf = (options: { basePath?: string; preview?: boolean }) => routeKey(naples, sharedInputs("code", withBuildPath(content, options), testAssets));
    const root = keyOf({});
    expect(keyOf({ basePath: "/" })).toBe(root);
    const prefixed = keyOf({ basePath: "/previews/pr-42/" });
    expect(prefixed).not.toBe(root);
    expect(keyOf({ basePath: "/previews/pr-43/" })).not.toBe(prefixed);
    expect(keyOf({ basePath: "/previews/pr-42/", preview: true })).not.toBe(prefixed);
  });

  it("keeps site.yaml's base path as the live one of a preview", async () => {
    const { content } = await loadSampleSite();
    expect(withBuildPath(content, { basePath: "/previews/pr-42/", preview: true }).site).toMatchObject({ basePath: "/previews/pr-42/", preview: { liveBasePath: "/" } });
    expect(withBuildPath(content, {})).toBe(content);
  });
});
