// flightsite deploy (issue 12) against a real S3 protocol server (s3rver) on 127.0.0.1, through the AWS SDK, with
// fake credentials given here only. CloudFront is the SDK's client with aws-sdk-client-mock in front.
import { cp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { CreateInvalidationCommand } from "@aws-sdk/client-cloudfront";
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { build } from "../../../src/engine/build";
import { manifestFile } from "../../../src/output/manifest";
import { main } from "../../../src/cli";
import { createClients } from "../../../src/deploy/clients";
import { deploy, type DeployOptions, type DeployResult } from "../../../src/deploy/deploy";
import { pathsToInvalidate } from "../../../src/deploy/invalidation";
import { DeployError } from "../../../src/errors";
import { withoutLock } from "../support/built-site";
import { invalidationInProgress, mockCloudFront, startTestBucket, testBucket, testCloudFrontClient } from "../support/deploy-aws";
import type { S3Server } from "../support/s3-server";
import { createTempProject, editFile, type TempProject } from "../support/temp-project";
import { sampleDataDir } from "../support/sample-site";

const bucket = testBucket;

describe("flightsite deploy", () => {
  let project: TempProject;
  /** data/ as it is; then with one Naples answer edited to the same size; then also without one episode. */
  const sites = { original: "", edited: "", withoutEpisode: "" };
  let server: S3Server;
  let s3: S3Client;
  /** The S3 operations the deploy asked for, in order: "PutObject naples/index.html". */
  let requests: string[];

  beforeAll(async () => {
    project = await createTempProject({ data: sampleDataDir });
    const buildInto = async (name: keyof typeof sites) => {
      sites[name] = path.join(project.root, name);
      await build({ root: project.root, dataDir: project.dataDir, outDir: sites[name], threads: 1 });
    };
    await buildInto("original");
    await editFile(path.join(project.dataDir, "cities/naples.yaml"), "flights that are planned ahead,", "flights that are planned early,");
    await buildInto("edited");
    await rm(path.join(project.dataDir, "episodes/international-flights-made-simple.yaml"));
    await buildInto("withoutEpisode");
  }, 60_000);
  afterAll(() => project?.remove());

  beforeEach(async () => {
    ({ server, s3, requests } = await startTestBucket());
  });
  afterEach(() => server.close());

  const deployTo = (outDir: string, options: Partial<DeployOptions> = {}): Promise<DeployResult> =>
    deploy({ outDir, shownOutDir: "dist", bucket, s3, log: () => {}, ...options });
  const uploads = () => withoutLock(requests).filter((r) => r.startsWith("PutObject ")).map((r) => r.slice("PutObject ".length));
  const head = (key: string) => s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  const keysInBucket = async () => ((await s3.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key).sort();
  const bodyOf = async (key: string) => (await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body!.transformToString();

  it("uploads every file the first time, each with its Content-Type and Cache-Control", async () => {
    const result = await deployTo(sites.original);
    const files = result.plan.upload;
    expect(files.length).toBeGreaterThan(90);
    expect(result.plan.unchanged).toEqual([]);
    expect(await keysInBucket()).toEqual([...files, manifestFile].sort());

    const script = files.find((f) => /^assets\/client\.[A-Z0-9]{8}\.js$/.test(f))!;
    const stylesheet = files.find((f) => /^assets\/site\.[A-Z0-9]{8}\.css$/.test(f))!;
    const expected: [string, string, string][] = [
      ["index.html", "text/html; charset=utf-8", "no-cache"],
      ["naples/flights-to-md-anderson-houston/index.html", "text/html; charset=utf-8", "no-cache"],
      ["404.html", "text/html; charset=utf-8", "no-cache"],
      [script, "text/javascript; charset=utf-8", "public, max-age=31536000, immutable"],
      [stylesheet, "text/css; charset=utf-8", "public, max-age=31536000, immutable"],
      ["podcast/feed.xml", "application/rss+xml", "no-cache"],
      ["sitemap.xml", "application/xml", "no-cache"],
      ["robots.txt", "text/plain; charset=utf-8", "no-cache"],
      ["downloads/pre-flight-checklist.pdf", "application/pdf", "no-cache"],
      ["downloads/letter-of-medical-necessity-template.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "no-cache"],
      ["favicon.svg", "image/svg+xml", "no-cache"],
    ];
    for (const [key, contentType, cacheControl] of expected) {
      const object = await head(key);
      expect([key, object.ContentType, object.CacheControl]).toEqual([key, contentType, cacheControl]);
    }
  });

  // Issue 36: the build knows what it is for, and the deploy refuses it anywhere else.
  it("records beside the manifest the base path, preview or live, the commit and the data a build was made from", async () => {
    const recordOf = async (folder: string) => JSON.parse(await readFile(path.join(folder, ".build-target.json"), "utf8")) as Record<string, unknown>;
    const original = await recordOf(sites.original);
    expect(original).toEqual({ basePath: "/", preview: false, commit: null, data: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await recordOf(sites.edited)).data, "a same-size edit of one city").not.toBe(original.data);

    const out: string[] = [];
    const io = { stdout: (t: string) => void out.push(t), stderr: (t: string) => void out.push(t), cwd: project.root, env: { GITHUB_SHA: "a".repeat(40) } };
    const previewDir = path.join(project.root, "dist-preview");
    expect(await main(["build", "--base-path", "previews/pr-7", "--preview", "--out", previewDir], io)).toBe(0);
    expect(await recordOf(previewDir)).toEqual({ basePath: "/previews/pr-7/", preview: true, commit: "a".repeat(40), data: (await recordOf(sites.withoutEpisode)).data });

    out.length = 0;
    expect(await main(["deploy", "--bucket", bucket, "--endpoint", server.endpoint, "--out", previewDir], io)).toBe(1);
    expect(out.join("")).toBe(
      `flightsite: dist-preview/ is a preview built for /previews/pr-7/, but s3://${bucket}/ is the live site: every live page would ` +
        "be noindex and name files under /previews/pr-7/; build the live site with flightsite build (no --preview, no --base-path), " +
        "or deploy this one with --prefix previews/pr-7/\n",
    );
    expect(requests).toEqual([]);
  });

  it("uploads assets and downloads first, then pages, then sitemap, feed and robots.txt, then the manifest", async () => {
    await deployTo(sites.original);
    // First a manifest that owns what is about to go up (a deploy stopped midway leaves nothing the next cannot delete).
    expect(uploads()[0]).toBe(manifestFile);
    const order = uploads().slice(1);
    const phaseOf = (key: string) =>
      key === manifestFile ? 3 : key.endsWith(".html") ? 1 : ["sitemap.xml", "robots.txt", "podcast/feed.xml"].includes(key) ? 2 : 0;
    const phases = order.map(phaseOf);
    expect(phases).toEqual([...phases].sort());
    expect(order.at(-1)).toBe(manifestFile);
    expect(order.filter((key) => phaseOf(key) === 2).sort()).toEqual(["podcast/feed.xml", "robots.txt", "sitemap.xml"]);
  });

  it("uploads nothing when the site has not changed since the last deploy", async () => {
    const first = await deployTo(sites.original);
    requests.length = 0;
    const second = await deployTo(sites.original);
    expect(second.plan.upload).toEqual([]);
    expect(second.plan.delete).toEqual([]);
    expect(second.plan.unchanged).toEqual([...first.plan.upload].sort());
    expect(uploads()).toEqual([]);
    expect(second.bytes).toBe(0);
  });

  it("uploads exactly the pages a same-size edit of one city changed", async () => {
    await deployTo(sites.original);
    requests.length = 0;
    const result = await deployTo(sites.edited);
    expect(result.plan.upload).toEqual(["naples/index.html"]);
    // The stored manifest first forgets the page (so a deploy stopped here still sends it next time), then learns it.
    expect(uploads()).toEqual([manifestFile, "naples/index.html", manifestFile]);
    expect((await head("naples/index.html")).ContentLength, "the same size as before").toBe(
      JSON.parse(await bodyOf(manifestFile)).files["naples/index.html"].size,
    );
    expect(await bodyOf("naples/index.html")).toContain("flights that are planned early,");
  });

  it("deletes a page the site no longer has, after everything else, then lets the manifest forget it", async () => {
    await deployTo(sites.edited);
    requests.length = 0;
    const result = await deployTo(sites.withoutEpisode);
    const gone = "podcast/international-flights-made-simple/index.html";
    expect(result.plan.delete).toEqual([gone]);
    expect(withoutLock(requests).slice(-3)).toEqual([`PutObject ${manifestFile}`, `DeleteObjects ${gone}`, `PutObject ${manifestFile}`]);
    expect(await keysInBucket()).not.toContain(gone);
    // The podcast's list, the neighbouring episode (its "next episode" link) and the sitemap no longer name it.
    expect(result.plan.upload).toEqual(["podcast/index.html", "podcast/real-time-tracking-peace-of-mind/index.html", "sitemap.xml"]);
  });

  it("changes nothing in a dry run, and prints the plan", async () => {
    await deployTo(sites.original);
    const before = await bodyOf(manifestFile);
    requests.length = 0;
    const lines: string[] = [];
    const result = await deployTo(sites.withoutEpisode, { dryRun: true, log: (line) => lines.push(line) });
    expect(requests.filter((r) => !r.startsWith("GetObject ") && !r.startsWith("ListObjectsV2"))).toEqual([]);
    expect(await bodyOf(manifestFile)).toBe(before);
    expect(lines).toContain("upload     naples/index.html");
    expect(lines).toContain("unchanged  about/index.html");
    expect(lines).toContain("delete     podcast/international-flights-made-simple/index.html");
    // The episode's share card, content-hashed under assets/, is an old asset kept for now (issue 30), a line of its own.
    expect(result.plan.keep).toEqual([expect.stringMatching(/^assets\/cards\/podcast--international-flights-made-simple\.[A-Z2-7]{8}\.png$/)]);
    expect(lines).toHaveLength(result.plan.upload.length + result.plan.unchanged.length + result.plan.delete.length + result.plan.keep.length);
  });

  it("exits non-zero when the server stops midway, and the next run completes the deploy", async () => {
    // The CLI takes credentials from the standard AWS chain: fake ones, for this test only.
    vi.stubEnv("AWS_ACCESS_KEY_ID", "S3RVER");
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "S3RVER");
    vi.stubEnv("AWS_MAX_ATTEMPTS", "1");
    const run = async (outDir: string) => {
      const out: string[] = [];
      const err: string[] = [];
      const io = { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t), cwd: project.root };
      const code = await main(["deploy", "--bucket", bucket, "--endpoint", server.endpoint, "--out", outDir], io);
      return { code, out: out.join(""), err: err.join("") };
    };
    try {
      expect((await run(sites.original)).code).toBe(0);
      const stopped = server.stopAfterUploads(3);
      const broken = await run(sites.withoutEpisode);
      await stopped;
      expect(broken.code).toBe(1);
      expect(broken.err).toMatch(
        // One message says what to do next (issue 36): the lock the stopped server kept expires within minutes.
        new RegExp(
          `^flightsite: s3://${bucket}/ stopped the upload \\(.+\\); the site there is still whole .+; run the same deploy again to finish it, ` +
            `after (\\S+): its lock s3://${bucket}/.deploy-lock.json could not be removed \\(.+\\) and keeps every deploy out until it expires at \\1\n$`,
        ),
      );

      await server.start();
      const again = await run(sites.withoutEpisode);
      expect(again.err).toBe("");
      expect(again.code).toBe(0);
      const changed = ["podcast/index.html", "podcast/feed.xml", "sitemap.xml"];
      const summary = again.out.trim().split("\n").at(-1)!;
      // The gone episode's share card is an old asset, kept for now (issue 30).
      expect(summary).toMatch(new RegExp(`^flightsite: deployed to s3://${bucket}/: \\d+ uploaded \\(\\d+\\.\\d KB\\), \\d+ unchanged, 1 deleted, 1 old kept in \\d+\\.\\d s$`));
      const stored = (JSON.parse(await bodyOf(manifestFile)) as { files: Record<string, { sha256: string }> }).files;
      const local = JSON.parse(await readFile(path.join(sites.withoutEpisode, manifestFile), "utf8")) as Record<string, { sha256: string }>;
      expect(stored).toEqual(local);
      const keptCard = (key: string | undefined) => /^assets\/cards\/podcast--international-flights-made-simple\./.test(key ?? "");
      expect((await keysInBucket()).filter((key) => !keptCard(key))).toEqual([...Object.keys(local), manifestFile].sort());
      for (const key of changed) expect(await bodyOf(key)).toBe(await readFile(path.join(sites.withoutEpisode, key), "utf8"));
      expect((await run(sites.withoutEpisode)).out).toMatch(/: 0 uploaded \(0\.0 KB\), \d+ unchanged, 0 deleted, 1 old kept in /);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("retries uploads that S3 throttles (503 SlowDown) and finishes", async () => {
    vi.stubEnv("AWS_ACCESS_KEY_ID", "S3RVER");
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "S3RVER");
    try {
      // The deploy's own clients: standard retries, three tries by default.
      const { s3: retrying } = createClients({ endpoint: server.endpoint });
      // The first upload (the manifest) throttled twice, then through on its third and last try.
      server.throttleUploads(2);
      const result = await deployTo(sites.original, { s3: retrying });
      expect(await keysInBucket()).toEqual([...result.plan.upload, manifestFile].sort());
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("deploys into a folder of the bucket with --prefix, and owns only that folder", async () => {
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: "elsewhere/keep.txt", Body: "not the site's" }));
    const first = await deployTo(sites.original, { prefix: "/preview" });
    expect(await keysInBucket()).toEqual(["elsewhere/keep.txt", ...[...first.plan.upload, manifestFile].map((f) => `preview/${f}`)].sort());
    const second = await deployTo(sites.original, { prefix: "preview/" });
    expect(second.plan.upload).toEqual([]);
    expect(second.plan.delete).toEqual([]);
  });

  it("refuses a dist/ that is not what the build wrote, naming the files that differ", async () => {
    const copy = path.join(project.root, "hand-edited");
    await cp(sites.original, copy, { recursive: true });
    await writeFile(path.join(copy, "about/index.html"), "edited by hand");
    await expect(deployTo(copy)).rejects.toThrow(
      new DeployError("dist/ changed since flightsite build wrote it (about/index.html); run flightsite build again, then deploy"),
    );
    await rm(path.join(copy, manifestFile));
    await expect(deployTo(copy)).rejects.toThrow(`dist/ holds no build (no ${manifestFile} in it); run flightsite build first`);
    expect(requests).toEqual([]);
  });

  describe("with a CloudFront distribution", () => {
    const cloudFront = mockCloudFront();
    beforeEach(() => {
      cloudFront.reset();
      cloudFront.on(CreateInvalidationCommand).resolves(invalidationInProgress("I2J0I21PCUYOIK"));
    });
    const withDistribution = (lines: string[] = []): Partial<DeployOptions> => ({
      distributionId: "E2QWRUHAPOMQZL",
      cloudFront: testCloudFrontClient(),
      log: (line) => lines.push(line),
    });
    const invalidatedPaths = () =>
      cloudFront.commandCalls(CreateInvalidationCommand).map((call) => [call.args[0].input.DistributionId, call.args[0].input.InvalidationBatch?.Paths?.Items]);

    it("invalidates both addresses of each changed page, in one request", async () => {
      await deployTo(sites.original);
      const lines: string[] = [];
      const result = await deployTo(sites.edited, withDistribution(lines));
      expect(invalidatedPaths()).toEqual([["E2QWRUHAPOMQZL", ["/naples/", "/naples/index.html"]]]);
      expect(result.invalidation).toEqual({ id: "I2J0I21PCUYOIK", paths: ["/naples/", "/naples/index.html"] });
      expect(lines).toEqual(["flightsite: asked CloudFront to refresh 2 paths (invalidation I2J0I21PCUYOIK)"]);
    });

    it("invalidates deleted pages and changed files at fixed addresses like the sitemap", async () => {
      await deployTo(sites.edited);
      await deployTo(sites.withoutEpisode, withDistribution());
      expect(invalidatedPaths()).toEqual([
        [
          "E2QWRUHAPOMQZL",
          [
            "/podcast/",
            "/podcast/index.html",
            "/podcast/international-flights-made-simple/",
            "/podcast/international-flights-made-simple/index.html",
            "/podcast/real-time-tracking-peace-of-mind/",
            "/podcast/real-time-tracking-peace-of-mind/index.html",
            "/sitemap.xml",
          ],
        ],
      ]);
    });

    it("invalidates everything at once when a deploy changes many paths, and nothing when it changes none", async () => {
      await deployTo(sites.original, withDistribution());
      expect(invalidatedPaths()).toEqual([["E2QWRUHAPOMQZL", ["/*"]]]);
      await deployTo(sites.original, withDistribution());
      expect(invalidatedPaths()).toHaveLength(1);
    });
  });

  it("never invalidates a content-hashed asset: a new version has a new name", () => {
    expect(pathsToInvalidate(["assets/client.MP6S2UJ4.js", "index.html", "downloads/sample-itinerary.pdf", "podcast/feed.xml"])).toEqual([
      "/",
      "/downloads/sample-itinerary.pdf",
      "/index.html",
      "/podcast/feed.xml",
    ]);
  });
});
