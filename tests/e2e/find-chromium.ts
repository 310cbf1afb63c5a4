// The browser tests and `flightsite check` find Chromium the same way; the code lives in src/.
export { chromiumArgs, findChromium } from "../../src/check/find-chromium";
