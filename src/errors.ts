/** One mistake an editor can fix in data/, with where it is. */
export interface ContentProblem {
  file: string; // relative to the project root, with forward slashes
  line: number; // 1-based, as editors count
  column: number; // 1-based
  field: string; // "faqs[2].answer"; "" for a YAML syntax error
  problem: string; // what was expected, in the editor's words
}

/**
 * A mistake a person fixes (in data/, the templates, a link, the deploy's setup), never one of our own bugs. The CLI
 * and the dev server's overlay tell it from a bug with one `instanceof` and print it with formatUserError; anything
 * else is a bug, printed with its stack.
 */
export abstract class UserError extends Error {
  /** The report's first line: "flightsite: " and what happened. */
  abstract readonly heading: string;
  /** The lines under the heading, one a place; "" when the heading says it all. */
  get details(): string {
    return this.message;
  }
  /** Whether the failure stopped a build before it wrote anything, so that the last good output still stands. */
  readonly outputUnchanged: boolean = true;
}

/** A user error's report: its heading, then its details. */
export function formatUserError(error: UserError): string {
  return error.details ? `${error.heading}\n${error.details}` : error.heading;
}

/** Mistakes an editor can fix in data/. Never thrown for our own bugs. */
export class ContentError extends UserError {
  override name = "ContentError";
  constructor(readonly problems: ContentProblem[]) {
    super(problems.map(formatProblem).join("\n"));
  }
  /** A count per file (naming the files when there are a few), then one line per problem, in file order. */
  get heading(): string {
    const files = [...new Set(this.problems.map((p) => p.file))];
    const count = this.problems.length;
    // Naming the files is a help for a few; for many (a mistake in a shared pattern) the lines below name them anyway.
    const where = files.length <= 3 ? files.join(", ") : `${files.length} files`;
    return `flightsite: ${count} ${count === 1 ? "problem" : "problems"} in ${where}`;
  }
  override get details(): string {
    return sortProblems(this.problems).map(formatProblem).join("\n");
  }
}

/** A broken internal link or asset reference found in the rendered site. */
export class LinkError extends UserError {
  override name = "LinkError";
  readonly heading = "flightsite: links that lead nowhere; fix the link or add the page";
  /** `outDir` as the editor knows it, relative to the project: "dist" unless the build was told otherwise. */
  constructor(readonly broken: { page: string; link: string; problem?: string }[], outDir = "dist") {
    super(formatBrokenLinks(broken, outDir));
  }
}

export const formatProblem = (p: ContentProblem): string =>
  `${p.file}:${p.line}:${p.column} ${p.field ? `${p.field}: ` : ""}${p.problem}`;

/** The whole report an editor sees: a count per file, then one line per problem. */
export const formatContentError = (error: ContentError): string => formatUserError(error);

/**
 * A problem as a GitHub Actions workflow command, so the editor sees it on the line of the pull request's diff:
 * `::error file=data/cities/naples.yaml,line=14,col=5::faqs[2].answer: expected string, got number` (`::warning` for a
 * translation's review reminder).
 */
export function formatAnnotation(p: ContentProblem, level: "error" | "warning" = "error"): string {
  const properties = `file=${escapeProperty(p.file)},line=${p.line},col=${p.column}`;
  return `::${level} ${properties}::${escapeData(p.field ? `${p.field}: ${p.problem}` : p.problem)}`;
}

/**
 * The translations' review reminders as a build or the dev server prints them (to stderr, like content errors): a
 * count per file, then one line per warning. Empty when there are none.
 */
export function formatContentWarnings(warnings: ContentProblem[]): string {
  if (warnings.length === 0) return "";
  const files = [...new Set(warnings.map((p) => p.file))];
  const where = files.length <= 3 ? files.join(", ") : `${files.length} files`;
  const count = `${warnings.length} translation ${warnings.length === 1 ? "warning" : "warnings"}`;
  return `flightsite: ${count} in ${where} (the pages stay translated; build --strict fails on them)\n${sortProblems(warnings).map(formatProblem).join("\n")}\n`;
}

/** The photos' warnings as a build prints them (to stderr): a count, then one line per photo. Empty when there are none. */
export function formatPhotoWarnings(warnings: ContentProblem[]): string {
  if (warnings.length === 0) return "";
  const count = `${warnings.length} photo ${warnings.length === 1 ? "warning" : "warnings"}`;
  return `flightsite: ${count} (the build goes on; build --strict fails on them)\n${sortProblems(warnings).map(formatProblem).join("\n")}\n`;
}

export function sortProblems(problems: ContentProblem[]): ContentProblem[] {
  return [...problems].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column,
  );
}

/** One line per broken link target, naming the pages it is on (the first few, when it is on many). */
export function formatBrokenLinks(broken: { page: string; link: string; problem?: string }[], outDir = "dist"): string {
  const pagesByLink = new Map<string, Set<string>>();
  const problems = new Map<string, string>();
  for (const { page, link, problem } of broken) {
    pagesByLink.set(link, (pagesByLink.get(link) ?? new Set()).add(page));
    if (problem) problems.set(link, problem);
  }
  return [...pagesByLink]
    .map(([link, pages]) => {
      const list = [...pages];
      const shown = list.slice(0, 3).join(", ") + (list.length > 3 ? ` and ${list.length - 3} more` : "");
      return `${outDir}/${list[0]}: link to ${link} ${problems.get(link) ?? "does not resolve"} (on ${shown})`;
    })
    .join("\n");
}

/**
 * A mistake in templates/, client/ or the styles, found while `serve --watch` rebuilds (a syntax error, or a
 * template that throws). Each line of the message starts with `file:line:column` when the place is known.
 */
export class TemplateError extends UserError {
  override name = "TemplateError";
  readonly heading = "flightsite: the templates or client code do not build";
}

/**
 * A command other than the build that cannot do what was asked (deploy, leads, translation reviewed): its message is
 * the whole report, one line saying what happened and what to do, and it writes no site. Each command has its own
 * class, so that a command's catch sites let another's errors through.
 */
export abstract class CommandError extends UserError {
  override readonly outputUnchanged = false;
  get heading(): string {
    return `flightsite: ${this.message}`;
  }
  override get details(): string {
    return "";
  }
}

/**
 * A deploy that could not start or did not finish: no build to deploy, or S3 or CloudFront refused or stopped
 * answering. The message says what happened and what to do; an interrupted deploy is finished by running it again.
 */
export class DeployError extends CommandError {
  override name = "DeployError";
}

/**
 * A `flightsite leads` command that cannot do what was asked: no credentials, no such bucket or case id, a malformed
 * case id.
 */
export class LeadsError extends CommandError {
  override name = "LeadsError";
}

/**
 * A `flightsite translation reviewed` that cannot do what was asked: a file that is no translation, a field it does
 * not have.
 */
export class ReviewError extends CommandError {
  override name = "ReviewError";
}

// --- internal ---

// GitHub's escaping for workflow commands: a line break or "%" in the message, and also ":" or "," in a property,
// would otherwise end the command early.
const escapeData = (text: string) => text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
const escapeProperty = (text: string) => escapeData(text).replaceAll(":", "%3A").replaceAll(",", "%2C");

