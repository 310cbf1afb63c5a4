// Validates data/ and prints every problem (a quick check while writing content; `flightsite build` does the same).
import { imageFileNames, loadSourceFiles } from "../src/content/load";
import { validateSite } from "../src/translation/validate-site";
import { ContentError, formatContentError } from "../src/errors";

const dataDir = process.argv[2] ?? "data";
const files = await loadSourceFiles(dataDir, process.cwd());
try {
  const content = validateSite(files, undefined, new Set(await imageFileNames(dataDir)));
  console.log(`data is valid: ${content.cities.length} cities, ${content.destinations.length} destinations, ${content.pages.length} pages`);
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.log(formatContentError(error));
  process.exitCode = 1;
}
