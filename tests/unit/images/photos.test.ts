import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { load } from "cheerio";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkImageBudgets, weighImages } from "../../../src/check/image-budget";
import { readBuiltSite } from "../../../src/check/site";
import { formatSummary } from "../../../src/cli";
import { build } from "../../../src/engine/build";
import { BuildEngine } from "../../../src/engine/engine";
import { memoryCache, staticRenderer } from "../../../src/engine/engine-parts";
import { updatedOutput } from "../../../src/output/write-output";
import { PhotoStage } from "../../../src/images/photos";
import { formatProblem } from "../../../src/errors";
import { isContentHashed } from "../../../src/deploy/plan";
import { problemsOf } from "../support/site";
import { createTempProject, editFile, type TempProject } from "../support/temp-project";
import { loadSampleSite, sampleDataDir } from "../support/sample-site";

// The photo pipeline (issue 30): fixture photos made here with sharp, with EXIF, GPS and an ICC profile in them, put
// on a copy of the real site, built as `flightsite build` and `serve --watch` build it.

/** A photo of one colour, as a camera might leave it: EXIF with the camera and a GPS position, and a P3 profile. */
function cameraPhoto(width: number, height: number, colour: string, format: "jpeg" | "png" = "jpeg"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .withExif({ IFD0: { Make: "Test camera", Copyright: "Someone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "26/1 8/1 30/1" } })
    .withIccProfile("p3")
    [format]()
    .toBuffer();
}

describe("photos in a build", () => {
  let project: TempProject;
  const out = (name: string) => path.join(project.outDir, name);
  const page = async (name: string) => load(await readFile(out(name), "utf8"));

  beforeAll(async () => {
    project = await createTempProject({ data: sampleDataDir });
    await mkdir(path.join(project.dataDir, "images/crew"), { recursive: true });
    await writeFile(path.join(project.dataDir, "images/cabin.jpg"), await cameraPhoto(2000, 1600, "#3a6e8f"));
    await writeFile(path.join(project.dataDir, "images/crew/nurse.png"), await cameraPhoto(1000, 800, "#8f6e3a", "png"));
    await writeFile(
      path.join(project.dataDir, "cities/naples.yaml"),
      `${await readFile(path.join(project.dataDir, "cities/naples.yaml"), "utf8")}photo:\n  src: cabin.jpg\n  alt: The stretcher <set up> & ready\n  rights: own\n  hero: true\n`,
    );
    await writeFile(
      path.join(project.dataDir, "home.yaml"),
      `${await readFile(path.join(project.dataDir, "home.yaml"), "utf8")}photo:\n  src: crew/nurse.png\n  alt: A flight nurse\n  credit: Jane Doe\n  rights: consent\n  consentRecord: Consents/2026/nurse.pdf\n  people: true\n`,
    );
  }, 60_000);
  afterAll(() => project?.remove());

  it("makes each slot's widths in AVIF, WebP and JPEG and shows them in a <picture> with its size, a hero first", async () => {
    const result = await build({ root: project.root, dataDir: project.dataDir, outDir: project.outDir, cache: true });
    expect(result.photos).toEqual({ encoded: 2, cached: 0 });

    const $ = await page("naples/index.html");
    const hero = $("figure.photo-hero");
    expect(hero).toHaveLength(1);
    expect(hero.next().is("section.hero"), "the hero photo comes before the page's hero section").toBe(true);
    const srcset = (format: string, extension: string, widths: number[]) =>
      new RegExp(`^${widths.map((w) => `/assets/photos/cabin-${w}\\.[0-9A-F]{8}\\.${extension} ${w}w`).join(", ")}$`);
    const heroWidths = [375, 750, 1200, 1600];
    expect(hero.find("source").map((_, el) => $(el).attr("type")).get()).toEqual(["image/avif", "image/webp"]);
    expect(hero.find("source[type='image/avif']").attr("srcset")).toMatch(srcset("avif", "avif", heroWidths));
    expect(hero.find("source[type='image/webp']").attr("srcset")).toMatch(srcset("webp", "webp", heroWidths));
    expect(hero.find("source").map((_, el) => $(el).attr("sizes")).get()).toEqual(["100vw", "100vw"]);
    const img = hero.find("img");
    expect(img.attr("srcset")).toMatch(srcset("jpeg", "jpg", heroWidths));
    // Stored by the deploy as immutable, as the other assets are.
    expect(isContentHashed(img.attr("src")!.slice(1))).toBe(true);
    expect(img.attr("src")).toMatch(/^\/assets\/photos\/cabin-1600\.[0-9A-F]{8}\.jpg$/);
    expect({ ...img.attr(), src: undefined, srcset: undefined }).toEqual({
      src: undefined, srcset: undefined, sizes: "100vw", width: "1600", height: "1280", alt: "The stretcher <set up> & ready", fetchpriority: "high",
    });

    // Every file named is in the output, at the width it says, in its format, with no metadata left.
    for (const url of [...(img.attr("srcset") ?? "").split(", "), ...hero.find("source").map((_, el) => $(el).attr("srcset")!.split(", ")).get()]) {
      const [file, width] = url.split(" ") as [string, string];
      const metadata = await sharp(await readFile(out(file.slice(1)))).metadata();
      expect({ width: metadata.width, height: metadata.height, format: metadata.format }).toEqual({
        width: Number.parseInt(width, 10),
        height: (Number.parseInt(width, 10) * 4) / 5,
        format: { avif: "heif", webp: "webp", jpg: "jpeg" }[file.split(".").at(-1)!],
      });
      expect({ exif: metadata.exif, icc: metadata.icc, xmp: metadata.xmp }, file).toEqual({ exif: undefined, icc: undefined, xmp: undefined });
    }

    // The home page's photo is in the text column, narrower than its slot's largest width: its own width is the largest.
    const home = await page("index.html");
    const section = home("figure.photo-section");
    expect(section.parent().is(".container.prose")).toBe(true);
    expect(section.find("img").attr()).toMatchObject({
      sizes: "(min-width: 48rem) 45.5rem, calc(100vw - 2.5rem)", width: "1000", height: "800", alt: "A flight nurse", loading: "lazy", decoding: "async",
    });
    expect(section.find("img").attr("fetchpriority")).toBeUndefined();
    expect(section.find("img").attr("srcset")).toMatch(/^\/assets\/photos\/crew-nurse-375\.\w+\.jpg 375w, \/assets\/photos\/crew-nurse-750\.\w+\.jpg 750w, \/assets\/photos\/crew-nurse-1000\.\w+\.jpg 1000w$/);
    expect(section.find("figcaption").text()).toBe("Photo: Jane Doe");
    expect(home("figure.photo-hero")).toHaveLength(0);
  }, 120_000);

  it("encodes nothing on the next build, and says so", async () => {
    await editFile(path.join(project.dataDir, "home.yaml"), /\nmission:\n  heading: /, "\nmission:\n  heading: Our ");
    const result = await build({ root: project.root, dataDir: project.dataDir, outDir: project.outDir, cache: true });
    expect(result.photos).toEqual({ encoded: 0, cached: 2 });
    expect(formatSummary(result, "dist")).toContain("\n  photos: 0 encoded, 2 from cache\n");
  }, 120_000);

  it("re-encodes, in the dev server, only the photo whose file changed, and shows its new files", async () => {
    const engine = new BuildEngine(
      { root: project.root, dataDir: project.dataDir, outDir: project.outDir },
      { cache: memoryCache(project.root), output: updatedOutput(project.outDir), renderer: staticRenderer("test") },
    );
    expect((await engine.run()).photos).toEqual({ encoded: 0, cached: 2 });
    const before = (await page("index.html"))("figure.photo img").attr("src");
    const nurse = path.join(project.dataDir, "images/crew/nurse.png");
    await writeFile(nurse, await cameraPhoto(1000, 800, "#2a2a8f", "png"));
    const after = await engine.run({ data: [nurse] });
    expect(after.photos).toEqual({ encoded: 1, cached: 1 });
    const src = (await page("index.html"))("figure.photo img").attr("src");
    expect(src).not.toBe(before);
    expect(after.written).toContain(src!.slice(1));
    expect(after.written).toContain("index.html");
  }, 120_000);

  it("keeps a city page with a plain hero photo within the images budget, and fails one whose hero is too heavy", async () => {
    const cityRow = async () => checkImageBudgets(weighImages(await readBuiltSite(project.outDir))).find((row) => row.what.startsWith("city ("))!;
    await build({ root: project.root, dataDir: project.dataDir, outDir: project.outDir, cache: true });
    expect(await cityRow()).toMatchObject({ passed: true, problems: [] });
    // Noise: nothing for an encoder to save, so its 750-px AVIF is far over a hero's share.
    const noise = await sharp({ create: { width: 2000, height: 1600, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 90 } } }).jpeg({ quality: 95 }).toBuffer();
    await writeFile(path.join(project.dataDir, "images/cabin.jpg"), noise);
    await build({ root: project.root, dataDir: project.dataDir, outDir: project.outDir, cache: true });
    const row = await cityRow();
    expect(row.passed).toBe(false);
    expect(row.problems[0]).toMatch(/^(\/es)?\/[a-z-]+\/: images \d+\.\d KB on a 375 px phone is over 200\.0 KB \(\/assets\/photos\/cabin-750\.[0-9A-F]{8}\.avif\)$/);
    expect(row.problems.some((problem) => problem.startsWith("/naples/:"))).toBe(true);
    // The Spanish page shows the English file's photo too (issue 35: the translations were given no picture).
    expect(row.problems.some((problem) => problem.startsWith("/es/naples/:"))).toBe(true);
  }, 120_000);
});

describe("a photo file that is not a photo", () => {
  it("is named with every other one, as a problem in data/images/, and nothing is stored for it", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "flightsite-photos-"));
    try {
      const dataDir = path.join(root, "data");
      await mkdir(path.join(dataDir, "images"), { recursive: true });
      await writeFile(path.join(dataDir, "images/notes.jpg"), "meeting notes, saved with the wrong name");
      const whole = await cameraPhoto(200, 160, "#336699");
      await writeFile(path.join(dataDir, "images/cut.jpg"), whole.subarray(0, 300));
      const { content } = await loadSampleSite();
      const photo = (src: string) => ({ src, alt: "A cabin", rights: "own" as const });
      const broken = { ...content, home: { ...content.home, photo: photo("notes.jpg") }, pages: content.pages.map((page, i) => (i === 0 ? { ...page, photo: photo("cut.jpg") } : page)) };
      const stage = new PhotoStage(root, dataDir);
      const problems = await stage.place(broken).then(() => [], (error: unknown) => problemsOf(() => { throw error; }));
      expect(problems.map(formatProblem)).toEqual([
        // What libvips says of a file cut short depends on which loader looked at it last.
        expect.stringMatching(/^data\/images\/cut\.jpg:1:1 cannot be read as a photo \(Input buffer has corrupt header: .+\); save it again as a JPEG, PNG, WebP or AVIF file$/),
        "data/images/notes.jpg:1:1 cannot be read as a photo (Input buffer contains unsupported image format); save it again as a JPEG, PNG, WebP or AVIF file",
      ]);
      expect(await stage.store.get("anything")).toBeUndefined();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

// Issue 40: a 210 × 140 photo used as a hero was stretched to 1280 px without a word.
describe("a photo narrower than its slot shows it", () => {
  let project: TempProject;
  let line: number;
  const warning = (width: number) => ({
    file: "data/cities/naples.yaml",
    line,
    column: 8,
    field: "photo.src",
    problem: `"small.jpg" is ${width} px wide; a hero photo is shown up to 1600 px wide, so this one would look blurred: use one at least 1600 px wide`,
  });

  beforeAll(async () => {
    project = await createTempProject({ data: sampleDataDir });
    await mkdir(path.join(project.dataDir, "images"), { recursive: true });
    await writeFile(path.join(project.dataDir, "images/small.jpg"), await cameraPhoto(210, 140, "#3a6e8f"));
    // A section photo as wide as its slot's largest width: no warning.
    await writeFile(path.join(project.dataDir, "images/wide.jpg"), await cameraPhoto(1456, 900, "#8f6e3a"));
    const naples = await readFile(path.join(project.dataDir, "cities/naples.yaml"), "utf8");
    // The `src:` line of the photo appended below: the file's lines, then `photo:`, then it.
    line = naples.trimEnd().split("\n").length + 2;
    await writeFile(path.join(project.dataDir, "cities/naples.yaml"), `${naples.trimEnd()}\nphoto:\n  src: small.jpg\n  alt: The stretcher in the cabin\n  rights: own\n  hero: true\n`);
    await writeFile(path.join(project.dataDir, "home.yaml"), `${await readFile(path.join(project.dataDir, "home.yaml"), "utf8")}photo:\n  src: wide.jpg\n  alt: The cabin\n  rights: own\n`);
  }, 60_000);
  afterAll(() => project?.remove());

  it("is a warning at its photo.src saying the width it needs, and the build goes on", async () => {
    const result = await build({ root: project.root, dataDir: project.dataDir, outDir: project.outDir, cache: true });
    expect(result.photoWarnings).toEqual([warning(210)]);
  }, 120_000);

  it("fails `build --strict`, with the same located problem, leaving the output as it was", async () => {
    const before = await readFile(path.join(project.outDir, "naples/index.html"), "utf8");
    const failed = await build({ root: project.root, dataDir: project.dataDir, outDir: project.outDir, cache: true, strict: true }).then(
      () => [],
      (error: unknown) => problemsOf(() => { throw error; }),
    );
    // The fixture's photo has no Spanish alt, so the Spanish files' reminders fail the strict build too (issue 35).
    expect(failed.filter((problem) => problem.field === "photo.src")).toEqual([warning(210)]);
    expect(await readFile(path.join(project.outDir, "naples/index.html"), "utf8")).toBe(before);
  }, 120_000);
});
