// The values of the CLI's options, checked as commander parses argv: each parser returns the value or throws
// commander's InvalidArgumentError, whose message ends "error: option '--x <n>' argument '…' is invalid. <ours>".
import { InvalidArgumentError } from "commander";
import { gateNames, type GateName } from "../check/gates";
import { normalizeBasePath } from "../engine/build-path";

export function parseGates(value: string): GateName[] {
  const names = value.split(",").map((name) => name.trim());
  const unknown = names.filter((name) => !(gateNames as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) throw new InvalidArgumentError(`must be gate names separated by commas, from: ${gateNames.join(", ")}`);
  return names as GateName[];
}

export function parseDays(value: string): number {
  const days = Number(value);
  if (!(days >= 0) || !Number.isFinite(days)) throw new InvalidArgumentError("must be a number of days, 0 or more");
  return days;
}

export function parseCount(value: string): number {
  const count = Number(value);
  if (!Number.isInteger(count) || count < -1) throw new InvalidArgumentError("must be a whole number, 0 or more (-1: no limit)");
  return count;
}

export function parseBuilds(value: string): number {
  const builds = Number(value);
  if (!Number.isInteger(builds) || builds < 1 || builds > 100) throw new InvalidArgumentError("must be a whole number of builds from 1 to 100");
  return builds;
}

/** "/previews/pr-42/", also written without its slashes ("previews/pr-42"), as a workflow's prefix is. */
export function parseBasePath(value: string): string {
  const basePath = normalizeBasePath(value);
  if (basePath === undefined) throw new InvalidArgumentError('must be a path of folders, like /previews/pr-42/ (letters, digits, ".", "_", "~" and "-" between the slashes)');
  return basePath;
}

export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError("must be a port number from 0 to 65535");
  return port;
}
