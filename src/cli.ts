import path from "node:path";
import { Command, CommanderError } from "commander";
import { build, type BuildResult } from "./build";
import { ContentError, LinkError, formatContentError } from "./errors";

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
}

const defaultIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
};

/** Runs one flightsite command; returns the exit code. The only place that reports fatal errors. */
export async function main(argv: string[], io: Io = defaultIo): Promise<number> {
  const program = new Command("flightsite")
    .description("Builds and serves the medical flight coordination website from the YAML content in data/.")
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError();

  program
    .command("build")
    .description("Validate data/, render every page and write the site to dist/ (the previous dist/ is kept on any error).")
    .option("--data <dir>", "folder with the YAML content", "data")
    .option("--out <dir>", "folder to write the site to", "dist")
    .action(async (options: { data: string; out: string }) => {
      const result = await build({
        root: path.resolve(io.cwd),
        dataDir: path.resolve(io.cwd, options.data),
        outDir: path.resolve(io.cwd, options.out),
      });
      io.stdout(formatSummary(result, options.out));
    });

  try {
    await program.parseAsync(argv, { from: "user" });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof ContentError) {
      io.stderr(`${formatContentError(error)}\nNothing was written; the previous site is unchanged.\n`);
      return 1;
    }
    if (error instanceof LinkError) {
      io.stderr(`flightsite: links that lead nowhere; fix the link or add the page\n${error.message}\nNothing was written; the previous site is unchanged.\n`);
      return 1;
    }
    io.stderr(`flightsite: unexpected failure (a bug in flightsite, not in your content)\n${(error as Error).stack ?? String(error)}\n`);
    return 1;
  }
}

/** The few lines that end a build: pages by kind, total size, where the time went, and any warnings. */
export function formatSummary(result: BuildResult, outDir: string): string {
  const pages = Object.entries(result.pagesByKind).map(([kind, count]) => `${count} ${kind}`).join(", ");
  const total = Object.values(result.pagesByKind).reduce((a, b) => a + b, 0);
  const timings = Object.entries(result.timings).map(([stage, ms]) => `${stage} ${ms} ms`).join(", ");
  return [
    `flightsite: built ${total} pages into ${outDir}/ (${pages})`,
    `  ${result.files.length} files, ${(result.bytes / 1024).toFixed(0)} KB`,
    `  ${timings}`,
    ...result.warnings.map((warning) => `  warning: ${warning}`),
    "",
  ].join("\n");
}
