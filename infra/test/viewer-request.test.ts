// The CloudFront Function that gives the site S3 website hosting's addresses, run in Node as CloudFront runs it:
// the plain file, its `handler` called with sample viewer-request events.
import { readFileSync } from "node:fs";
import vm from "node:vm";
import { describe, expect, it } from "vitest";

interface Field {
  value: string;
  multiValue?: { value: string }[];
}
type Handler = (event: unknown) => { uri?: string; statusCode?: number; headers?: Record<string, Field> };

const code = readFileSync(new URL("../functions/viewer-request.js", import.meta.url), "utf8");
const handler = vm.runInNewContext(`${code}\nhandler;`, {}) as Handler;

/** A viewer-request event as CloudFront builds it. */
function requestFor(uri: string, querystring: Record<string, Field> = {}) {
  return {
    version: "1.0",
    context: { eventType: "viewer-request" },
    viewer: { ip: "192.0.2.1" },
    request: { method: "GET", uri, querystring, headers: { host: { value: "www.example.com" } }, cookies: {} },
  };
}

describe("the viewer-request function", () => {
  it("redirects a page address without its slash for good, keeping the query", () => {
    const response = handler(requestFor("/naples", { utm_source: { value: "x" } }));
    expect(response).toEqual({ statusCode: 301, statusDescription: "Moved Permanently", headers: { location: { value: "/naples/?utm_source=x" } } });
  });

  // Issue 39: an open redirect on the site's own domain.
  it("never redirects to another site, whatever slashes the address starts with", () => {
    for (const uri of ["//evil.example/x", "///evil.example/x", "/\\evil.example/x", "//evil.example/a/b"]) {
      const location = handler(requestFor(uri)).headers!.location!.value;
      expect(location, uri).toMatch(/^\/[^/\\]/);
      expect(new URL(location, "https://www.example.com/").host, uri).toBe("www.example.com");
    }
    expect(handler(requestFor("//evil.example/x")).headers).toEqual({ location: { value: "/evil.example/x/" } });
  });

  it("redirects a nested page address, and one without a query, to the folder form", () => {
    expect(handler(requestFor("/naples/flights-to-md-anderson-houston")).headers).toEqual({
      location: { value: "/naples/flights-to-md-anderson-houston/" },
    });
  });

  it("keeps every value of a repeated query field, and escapes only what must be", () => {
    const response = handler(
      requestFor("/about", {
        tag: { value: "a", multiValue: [{ value: "a" }, { value: "b c" }] },
        ref: { value: "mail%20link" },
        flag: { value: "" },
      }),
    );
    expect(response.headers?.location?.value).toBe("/about/?tag=a&tag=b%20c&ref=mail%20link&flag");
  });

  it("serves a folder address from its index.html", () => {
    expect(handler(requestFor("/naples/")).uri).toBe("/naples/index.html");
    expect(handler(requestFor("/")).uri).toBe("/index.html");
  });

  it("leaves files alone: assets, downloads, the feed and the 404 page", () => {
    for (const uri of ["/assets/client.abc.js", "/downloads/pre-flight-checklist.pdf", "/podcast/feed.xml", "/404.html", "/favicon.svg"]) {
      const event = requestFor(uri);
      expect(handler(event), uri).toBe(event.request);
      expect(event.request.uri).toBe(uri);
    }
  });

  it("answers the deploy's manifest with 404: it is not part of the site", () => {
    expect(handler(requestFor("/.deploy-manifest.json"))).toEqual({ statusCode: 404, statusDescription: "Not Found" });
  });
});

describe("the viewer-request function on a preview (issue 27)", () => {
  it("serves a preview's folder addresses from their index.html, as the site's", () => {
    expect(handler(requestFor("/previews/pr-42/")).uri).toBe("/previews/pr-42/index.html");
    expect(handler(requestFor("/previews/pr-42/naples/")).uri).toBe("/previews/pr-42/naples/index.html");
  });

  it("redirects a preview's page address without its slash, keeping the query", () => {
    expect(handler(requestFor("/previews/pr-42", { a: { value: "1" } })).headers).toEqual({ location: { value: "/previews/pr-42/?a=1" } });
    expect(handler(requestFor("/previews/pr-42/naples")).headers).toEqual({ location: { value: "/previews/pr-42/naples/" } });
  });

  it("leaves a preview's files alone", () => {
    const event = requestFor("/previews/pr-42/assets/client.ABCDEFGH.js");
    expect(handler(event)).toBe(event.request);
  });

  it("answers a preview's manifest and lock, and the site's lock, with 404", () => {
    for (const uri of ["/previews/pr-42/.deploy-manifest.json", "/previews/pr-42/.deploy-lock.json", "/.deploy-lock.json"]) {
      expect(handler(requestFor(uri)), uri).toEqual({ statusCode: 404, statusDescription: "Not Found" });
    }
  });
});

it("hides the manifest and the lock under the names the build and the deploy give them", async () => {
  const { manifestFile } = await import("../../src/output/manifest");
  const { lockFile } = await import("../../src/deploy/lock");
  expect(code).toContain(`"${manifestFile}"`);
  expect(code).toContain(`"${lockFile}"`);
});
