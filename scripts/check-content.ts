// Validates data/ and prints every problem (a quick check while writing content; `flightsite build` does the same).
import { loadSourceFiles } from "../src/content/load";
import { validateContent } from "../src/content/validate";
import { ContentError, formatContentError } from "../src/errors";

const files = await loadSourceFiles(process.argv[2] ?? "data", process.cwd());
try {
  const content = validateContent(files);
  console.log(`data is valid: ${content.cities.length} cities, ${content.destinations.length} destinations, ${content.pages.length} pages`);
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.log(formatContentError(error));
  process.exitCode = 1;
}
