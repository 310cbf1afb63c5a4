import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Command, CommanderError } from "commander";
import { gateNames, type GateName } from "./check/gates";
import { formatSummary } from "./engine/summary-text";
import { parseBasePath, parseBuilds, parseCount, parseDays, parseGates, parsePort } from "./cli/options";
import { ContentError, DeployError, UserError, formatAnnotation, formatContentWarnings, formatPhotoWarnings, formatUserError, sortProblems } from "./errors";

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  /** The environment: GITHUB_ACTIONS=true adds workflow annotations to a content error. Default: process.env. */
  env?: Record<string, string | undefined>;
  /** Resolves when a long-running command (serve) should stop; by default on Ctrl-C (SIGINT) or SIGTERM. */
  untilStopped?: () => Promise<void>;
  /**
   * Calls `stop` with the signal's name on the first Ctrl-C (SIGINT) or SIGTERM while a deploy or teardown runs;
   * returns what forgets it. By default the process's signals; a second Ctrl-C then ends the process at once.
   */
  onStop?: (stop: (signal: string) => void) => () => void;
}

const defaultIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
};

/** The lines a build ends with, printed by `flightsite build`; exported here for the tests. */
export { formatSummary };

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
    .option("--data <dir>", "folder with the YAML content (default: the project's data/)")
    .option("--out <dir>", "folder to write the site to (default: the project's dist/)")
    .option("--base-path <path>", "build the site for this path of its host, like /previews/pr-42/ (default: basePath in data/site.yaml)", parseBasePath)
    .option("--preview", "a preview: canonical addresses at the live site, every page noindex, quote forms that do not send (docs/publishing.md)")
    .option("--strict", "fail on the translations' review reminders too (a field whose English changed since it was translated, a glossary term: docs/translation.md), and on a photo narrower than its place on the page (docs/photos.md)")
    .option("--verbose", "list every page that has no translation, not only the first few")
    .action(async (options: { data?: string; out?: string; basePath?: string; preview?: boolean; strict?: boolean; verbose?: boolean }) => {
      const folders = projectFolders(io.cwd, options);
      // Each command loads its own modules when it runs, so `--help` or `check` never loads React or esbuild.
      const { build } = await import("./engine/build");
      const { currentCommit } = await import("./engine/build-origin");
      const { basePath, preview, strict } = options;
      const env = io.env ?? process.env;
      const commit = currentCommit(folders.root, env);
      const result = await build({ ...folders, cache: true, builtOn: buildDay(env), basePath, preview, strict, ...(commit && { commit }) });
      io.stdout(formatSummary(result, shownPath(io.cwd, folders.outDir), { verbose: Boolean(options.verbose) }));
      const warnings = [...(result.contentWarnings ?? []), ...(result.photoWarnings ?? [])];
      io.stderr(formatContentWarnings(result.contentWarnings ?? []));
      io.stderr(formatPhotoWarnings(result.photoWarnings ?? []));
      // In GitHub Actions each warning is also a workflow command, shown on its line of the pull request's diff.
      if ((io.env ?? process.env).GITHUB_ACTIONS === "true") io.stdout(sortProblems(warnings).map((p) => `${formatAnnotation(p, "warning")}\n`).join(""));
    });

  program
    .command("prune")
    .description(
      "Remove from .flightsite/cards/ and .flightsite/photos/ the share cards and photos that none of the last builds used " +
        "(CI keeps .flightsite/ from run to run: docs/publishing.md). Run it when no build is running.",
    )
    .option("--builds <n>", "how many of the last builds count (1 to 100)", parseBuilds, 10)
    .action(async (options: { builds: number }) => {
      const { root } = projectFolders(io.cwd, {});
      const { formatPruned, pruneStores, storeFolders } = await import("./engine/store-use");
      io.stdout(formatPruned(await pruneStores(storeFolders(root), options.builds), options.builds));
    });

  program
    .command("serve")
    .description(
      "Build the site, then serve it as CloudFront in front of S3 will, with a local quote receiver at /api/quote. " +
        "Quotes are appended to .flightsite/quotes.ndjson.",
    )
    .option("--watch", "rebuild what a change in data/, templates/ or client/ affects, and reload open pages")
    .option("--port <n>", "port to listen on (0: any free port)", parsePort, 8080)
    .option("--host <host>", "address to listen on; only this computer by default", "127.0.0.1")
    .option("--open", "open the site in the default browser")
    .option("--data <dir>", "folder with the YAML content (default: the project's data/)")
    .option("--out <dir>", "folder to write the site to (default: the project's dist/)")
    .option("--base-path <path>", "build and serve the site under this path, like /previews/pr-42/ (default: basePath in data/site.yaml)", parseBasePath)
    .option("--preview", "build a preview, as `build --preview` does")
    .action(async (options: { watch?: boolean; port: number; host: string; open?: boolean; data?: string; out?: string; basePath?: string; preview?: boolean }) => {
      const { root, dataDir, outDir } = projectFolders(io.cwd, options);
      const outName = shownPath(io.cwd, outDir);
      const { openInBrowser, serve } = await import("./serve/serve");
      let server;
      try {
        server = await serve({
          root,
          dataDir,
          outDir,
          port: options.port,
          host: options.host,
          watch: options.watch ?? false,
          quotesFile: path.join(root, ".flightsite/quotes.ndjson"),
          builtOn: buildDay(io.env ?? process.env),
          basePath: options.basePath,
          preview: options.preview,
          stdout: io.stdout,
          stderr: io.stderr,
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
        io.stderr(`flightsite: port ${options.port} on ${options.host} is already in use; stop the other server or pass --port N\n`);
        throw new CommanderError(1, "flightsite.portInUse", "port in use");
      }
      io.stdout(`flightsite: serving ${outName}/ at ${server.url}${options.watch ? " and watching for changes" : ""}; Ctrl-C stops\n`);
      if (options.open) openInBrowser(server.url, io.stderr);
      try {
        await Promise.race([(io.untilStopped ?? untilSignal)(), server.failed]);
      } finally {
        await server.close();
      }
    });

  program
    .command("translation")
    .description("Work on the translations in data/es/ (docs/translation.md).")
    .command("reviewed")
    .description(
      "Mark fields of a translation file as reviewed against the English they translate now: writes the English's hashes " +
        "into its translatedFrom record (every translated field when none are named), and nothing else of the file.",
    )
    .argument("<file>", "the translation file, like data/es/cities/naples.yaml, or a folder of them, like data/es")
    .argument(
      "[fields...]",
      "the fields reviewed, as the warnings name them (title, faqs[2].answer) or as translatedFrom does (faqs.2.answer); " +
        "or more translation files, each reviewed whole",
    )
    .action(async (file: string, rest: string[]) => {
      const env = io.env ?? process.env;
      // npm run starts the command in the project's root; a path is meant from where it was typed (INIT_CWD).
      const from = env.INIT_CWD ?? io.cwd;
      const root = findProjectRoot(path.resolve(io.cwd));
      const { reviewTargets, reviewTranslation } = await import("./translation/reviewed-command");
      const { files, fields } = await reviewTargets(from, [file, ...rest]);
      for (const name of files) {
        const result = await reviewTranslation(root, name, fields);
        const count = `${result.reviewed.length} ${result.reviewed.length === 1 ? "field" : "fields"}`;
        io.stdout(`flightsite: ${result.file}: ${count} marked as reviewed against ${result.english}${fields.length > 0 ? ` (${result.reviewed.join(", ")})` : ""}\n`);
      }
    });

  program
    .command("check")
    .description(
      "Check a built site against the quality gates (HTML validity, accessibility, links, budgets, SEO basics) and " +
        "print one table; fails when any gate fails. Needs Java 17+ and Chromium.",
    )
    .option("--out <dir>", "folder holding the built site (default: the project's dist/)")
    .option("--only <gates>", `run only these gates, separated by commas: ${gateNames.join(", ")}`, parseGates)
    .action(async (options: { out?: string; only?: GateName[] }) => {
      const { outDir } = projectFolders(io.cwd, options);
      // Loaded only here: the gates' tools (a browser driver, axe-core, the Nu Html Checker) are development tools.
      const { runChecks, formatCheckReport } = await import("./check/index");
      const results = await runChecks({ outDir, gates: options.only });
      io.stdout(formatCheckReport(results, shownPath(io.cwd, outDir)));
      if (results.some((result) => !result.passed)) throw new CommanderError(1, "flightsite.checkFailed", "a gate failed");
    });

  program
    .command("deploy")
    .description(
      "Upload the built site to an S3 bucket by content hash (only what changed, pages after what they use), refresh " +
        "those paths on CloudFront, then delete only what earlier deploys wrote and the site no longer has (old assets " +
        "after --keep-assets days). One deploy at a time. AWS credentials and region come from the usual AWS settings.",
    )
    .requiredOption("--bucket <name>", "the S3 bucket to deploy to")
    .option("--prefix <folder>", "a folder of the bucket to deploy into, with its own manifest and lock, like previews/pr-42/ (default: the bucket, less previews/)")
    .option("--dry-run", "print what would be uploaded, left unchanged and deleted, and change nothing")
    .option("--distribution <id>", "the CloudFront distribution to invalidate the changed paths on")
    .option("--wait", "wait until CloudFront has finished the invalidation (at most 15 minutes), not only accepted it")
    .option("--keep-assets <days>", "days an asset the site no longer uses stays for pages cached elsewhere", parseDays, 7)
    .option("--adopt", "take over the objects of a bucket that no flightsite deploy wrote (without it, such a bucket is refused)")
    .option("--break-lock [id]", "take the lock a deploy left when it stopped: once it has expired, or now with the lock id a refusal names")
    .option("--max-deletes <n>", "stop before changing anything when the deploy would delete more of the objects the build dropped (-1: no limit)", parseCount, 256)
    .option("--endpoint <url>", "send every AWS request (S3 and CloudFront) to this endpoint instead of AWS, like a local emulator (S3 with path-style addresses)")
    .option("--out <dir>", "folder holding the built site (default: the project's dist/)")
    .action(async (options: DeployCommandOptions) => {
      const { outDir } = projectFolders(io.cwd, options);
      // Loaded only here: the AWS SDK takes a while to load, and no other command needs it.
      const { createClients } = await import("./deploy/clients");
      const { deploy, deployTarget, formatDeploySummary } = await import("./deploy/deploy");
      const { describeDeployer } = await import("./deploy/lock");
      // Ctrl-C or SIGTERM (a cancelled CI job) stops the deploy between two objects; it releases its lock and says what is left.
      const stopping = new AbortController();
      const forget = (io.onStop ?? onSignal)((signal) => stopping.abort(signal));
      const result = await deploy({
        signal: stopping.signal,
        ...createClients({ endpoint: options.endpoint, region: (io.env ?? process.env).AWS_REGION }),
        outDir,
        shownOutDir: shownPath(io.cwd, outDir),
        bucket: options.bucket,
        prefix: options.prefix,
        dryRun: options.dryRun,
        distributionId: options.distribution,
        wait: options.wait,
        keepAssetsDays: options.keepAssets,
        adopt: options.adopt,
        maxDeletes: options.maxDeletes,
        breakLock: options.breakLock,
        deployer: describeDeployer(io.env ?? process.env, os.userInfo().username, os.hostname(), process.pid),
        log: (line) => io.stdout(`${line}\n`),
      }).finally(forget);
      io.stdout(`${formatDeploySummary(result, deployTarget(options.bucket, options.prefix), options.dryRun)}\n`);
    });

  program
    .command("changes")
    .description(
      "Print, as a Markdown list, the pages of the built site that differ from those a deploy stored in the bucket (the " +
        "live site by default), each linked under --url: the list a preview's pull request comment shows.",
    )
    .requiredOption("--bucket <name>", "the S3 bucket holding the deployed site")
    .requiredOption("--url <address>", "where the built site is previewed, like https://www.example.com/previews/pr-42/")
    .option("--against <folder>", "the folder of the bucket whose deploy to compare with (default: the bucket's root, the live site)", "")
    .option("--endpoint <url>", "an S3-compatible endpoint instead of AWS (path-style addresses)")
    .option("--out <dir>", "folder holding the built site (default: the project's dist/)")
    .action(async (options: { bucket: string; url: string; against: string; endpoint?: string; out?: string }) => {
      const { outDir } = projectFolders(io.cwd, options);
      const { createClients } = await import("./deploy/clients");
      const { readStoredManifest } = await import("./deploy/bucket");
      const { diffPages, formatPageChanges } = await import("./deploy/changes");
      const { manifestFile } = await import("./output/manifest");
      const built = await readFile(path.join(outDir, manifestFile), "utf8").catch(() => undefined);
      if (built === undefined) throw new DeployError(`${shownPath(io.cwd, outDir)}/ holds no build (no ${manifestFile} in it); run flightsite build first`);
      const { s3 } = createClients({ endpoint: options.endpoint, region: (io.env ?? process.env).AWS_REGION });
      const prefix = options.against.replace(/^\/+/, "").replace(/([^/])$/, "$1/");
      const stored = await readStoredManifest({ client: s3, name: options.bucket, prefix }, manifestFile).catch((error: unknown) => {
        throw new DeployError(`s3://${options.bucket}/${prefix} could not be read (${(error as Error).message}); check the bucket's name and the AWS credentials`);
      });
      io.stdout(formatPageChanges(diffPages(stored?.files ?? {}, JSON.parse(built)), options.url));
    });

  program
    .command("teardown")
    .description("Remove what deploys wrote under a folder of the bucket (a pull request's preview): the objects its manifest owns, then the manifest.")
    .requiredOption("--bucket <name>", "the S3 bucket")
    .requiredOption("--prefix <folder>", "the folder to remove, like previews/pr-42/ (never the whole bucket)")
    .option("--distribution <id>", "the CloudFront distribution to forget the folder's paths on")
    .option("--break-lock [id]", "take the lock a deploy left when it stopped: once it has expired, or now with the lock id a refusal names")
    .option("--endpoint <url>", "send every AWS request (S3 and CloudFront) to this endpoint instead of AWS, like a local emulator (S3 with path-style addresses)")
    .action(async (options: { bucket: string; prefix: string; distribution?: string; breakLock?: boolean | string; endpoint?: string }) => {
      const { createClients } = await import("./deploy/clients");
      const { teardown } = await import("./deploy/teardown");
      const { describeDeployer } = await import("./deploy/lock");
      const env = io.env ?? process.env;
      const deleted = await teardown({
        ...createClients({ endpoint: options.endpoint, region: env.AWS_REGION }),
        bucket: options.bucket,
        prefix: options.prefix,
        distributionId: options.distribution,
        breakLock: options.breakLock,
        deployer: describeDeployer(env, os.userInfo().username, os.hostname(), process.pid),
        log: (line) => io.stdout(`${line}\n`),
      });
      io.stdout(`flightsite: removed ${deleted} ${deleted === 1 ? "object" : "objects"} from s3://${options.bucket}/${options.prefix.replace(/^\/+/, "").replace(/\/*$/, "/")}\n`);
    });

  const { defineLeadsCommand } = await import("./leads/commands");
  defineLeadsCommand(program, {
    ...io,
    root: findProjectRoot(path.resolve(io.cwd)),
    env: io.env ?? process.env,
    interactive: io.stdout === defaultIo.stdout && Boolean(process.stderr.isTTY),
  });

  try {
    await program.parseAsync(argv, { from: "user" });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof UserError) {
      io.stderr(`${formatUserError(error)}\n${error.outputUnchanged ? "Nothing was written; the previous site is unchanged.\n" : ""}`);
      // In GitHub Actions each problem is also a workflow command (on stdout, where the runner reads them).
      if (error instanceof ContentError && (io.env ?? process.env).GITHUB_ACTIONS === "true") io.stdout(sortProblems(error.problems).map((p) => `${formatAnnotation(p)}\n`).join(""));
      return 1;
    }
    io.stderr(`flightsite: unexpected failure (a bug in flightsite, not in your content)\n${(error as Error).stack ?? String(error)}\n`);
    return 1;
  }
}

// --- internal ---

/**
 * The project's folders: its root is the nearest folder at or above `cwd` with the flightsite package.json (so the
 * commands work from any subfolder), else `cwd` itself. --data and --out are taken relative to where you are.
 */
function projectFolders(cwd: string, options: { data?: string; out?: string }) {
  const root = findProjectRoot(path.resolve(cwd));
  return {
    root,
    dataDir: options.data ? path.resolve(cwd, options.data) : path.join(root, "data"),
    outDir: options.out ? path.resolve(cwd, options.out) : path.join(root, "dist"),
  };
}

/** A folder as the user would type it from `cwd`: relative when it is inside, absolute otherwise. */
function shownPath(cwd: string, folder: string): string {
  const relative = path.relative(cwd, folder);
  return relative.startsWith("..") || path.isAbsolute(relative) ? folder : relative || ".";
}

function findProjectRoot(start: string): string {
  for (let folder = start; ; folder = path.dirname(folder)) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as { name?: string };
      if (manifest.name === "flightsite") return folder;
    } catch {
      // No package.json here, or not ours: look further up.
    }
    if (path.dirname(folder) === folder) return start;
  }
}

/**
 * The day of this build, "2026-11-24" (UTC): from SOURCE_DATE_EPOCH when set (the reproducible-builds convention:
 * seconds since 1970, say the commit's time), else today.
 */
function buildDay(env: Record<string, string | undefined>): string {
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  return new Date(env.SOURCE_DATE_EPOCH && Number.isFinite(epoch) ? epoch * 1000 : Date.now()).toISOString().slice(0, 10);
}


interface DeployCommandOptions {
  bucket: string;
  prefix?: string;
  dryRun?: boolean;
  distribution?: string;
  wait?: boolean;
  keepAssets: number;
  adopt?: boolean;
  maxDeletes: number;
  breakLock?: boolean | string;
  endpoint?: string;
  out?: string;
}

/** Calls `stop` on the first Ctrl-C (SIGINT) or SIGTERM (then a second Ctrl-C ends the process at once); returns what forgets it. */
function onSignal(stop: (signal: string) => void): () => void {
  const forget = () => {
    process.off("SIGINT", handle);
    process.off("SIGTERM", handle);
  };
  const handle = (signal: NodeJS.Signals) => {
    forget();
    stop(signal);
  };
  process.on("SIGINT", handle);
  process.on("SIGTERM", handle);
  return forget;
}

/** Resolves on the first Ctrl-C (SIGINT) or SIGTERM; a second Ctrl-C then ends the process at once, as usual. */
function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}
