import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { count, type GateResult } from "./report";
import type { BuiltSite } from "./site";

interface NuMessage {
  type: "error" | "info" | "non-document-error";
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
}

/** The Nu Html Checker (vnu.jar, run by Java 17+) over every HTML file of the site in one JVM start: zero errors. */
export async function checkHtmlValidity(site: BuiltSite): Promise<GateResult> {
  const jar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
  const files = site.pages.map((page) => path.join(site.outDir, page.file));
  const what = `${files.length} HTML files, Nu Html Checker`;
  let output: string;
  try {
    output = await run("java", ["-jar", jar, "--errors-only", "--format", "json", "--stdout", "--exit-zero-always", ...files]);
  } catch (error) {
    const problem =
      (error as NodeJS.ErrnoException).code === "ENOENT"
        ? "java was not found: the Nu Html Checker needs Java 17 or later (Debian: apt-get install openjdk-17-jre-headless)"
        : `the Nu Html Checker did not run: ${(error as Error).message}`;
    return { gate: "HTML validity", what, result: "not run", threshold: "0 errors", passed: false, problems: [problem] };
  }
  const messages = (JSON.parse(output) as { messages: NuMessage[] }).messages.filter((m) => m.type !== "info");
  const problems = messages.map((m) => {
    const file = m.url?.startsWith("file:") ? path.relative(site.outDir, fileURLToPath(m.url)).split(path.sep).join("/") : (m.url ?? "");
    return `${file}:${m.lastLine ?? 0}:${m.firstColumn ?? 0}  ${m.message}`;
  });
  return {
    gate: "HTML validity",
    what,
    result: count(problems.length, "error"),
    threshold: "0 errors",
    passed: problems.length === 0,
    problems,
  };
}

// --- internal ---

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(Object.assign(error, { message: `${error.message}\n${stderr}`.trim() }));
      else resolve(stdout);
    });
  });
}
