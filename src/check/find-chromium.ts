import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/**
 * A Chromium for the browser tests, `flightsite check` and Lighthouse, never downloaded by Playwright: $CHROMIUM_PATH, then Debian's
 * /usr/bin/chromium, then a browser Playwright installed earlier. On a fresh Debian machine where we are root
 * (CI), Debian's package is installed; anywhere else we stop and say how to get one.
 */
export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, but there is no file there.`);
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const playwrightOwn = safe(() => chromium.executablePath());
  if (playwrightOwn && existsSync(playwrightOwn)) return playwrightOwn;
  if (isDebianRoot()) {
    console.log("Installing Debian's chromium package for the browser tests…");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  }
  throw new Error(
    "The browser tests and `flightsite check` need Chromium. Install it (Debian/Ubuntu: sudo apt-get install chromium; macOS: install " +
      "Google Chrome) and set CHROMIUM_PATH to its binary, or run `npx playwright install chromium`.",
  );
}

/** Flags for a headless Chromium on a machine whose only network is loopback. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function isDebianRoot(): boolean {
  return process.platform === "linux" && process.getuid?.() === 0 && existsSync("/etc/debian_version") && existsSync("/usr/bin/apt-get");
}

function safe<T>(get: () => T): T | undefined {
  try {
    return get();
  } catch {
    return undefined;
  }
}
