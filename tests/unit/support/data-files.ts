// What today's data/ holds, read straight from its YAML (not through the code under test), so a test over the real
// content derives what it expects from data/ and stays green when an editor adds, removes or renames a city or
// changes the phone number (issue 35). Behaviour tests use fixtures instead.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const projectRoot = path.resolve(fileURLToPath(new URL("../../..", import.meta.url)));

export interface CityFile {
  /** data/cities/<name>.yaml, relative to the project. */
  file: string;
  cityName: string;
  urlSlug: string;
  title: string;
  airports: { code: string; name: string; type: string }[];
  /** nearbyCity1 to nearbyCity3: a slug when the place has a page of its own. */
  nearby: { name: string; slug?: string }[];
  /** Whether data/es/cities/ has a file for it. */
  spanish: boolean;
}

export interface DestinationFile {
  file: string;
  slug: string;
  urlSegment: string;
}

/** Every file of data/cities/, in file-name order, with the fields tests derive their expectations from. */
export function cityFiles(dataDir = path.join(projectRoot, "data")): CityFile[] {
  return yamlFilesOf(path.join(dataDir, "cities")).map((name) => {
    const city = readYaml(path.join(dataDir, "cities", name)) as Omit<CityFile, "file" | "spanish" | "nearby"> & Record<string, CityFile["nearby"][number]>;
    const spanish = yamlFilesOf(path.join(dataDir, "es/cities")).includes(name);
    const nearby = [city.nearbyCity1!, city.nearbyCity2!, city.nearbyCity3!];
    return { file: `data/cities/${name}`, cityName: city.cityName, urlSlug: city.urlSlug, title: city.title, airports: city.airports, nearby, spanish };
  });
}

/** Every file of data/destinations/, in file-name order. */
export function destinationFiles(dataDir = path.join(projectRoot, "data")): DestinationFile[] {
  return yamlFilesOf(path.join(dataDir, "destinations")).map((name) => {
    const destination = readYaml(path.join(dataDir, "destinations", name)) as Omit<DestinationFile, "file">;
    return { file: `data/destinations/${name}`, slug: destination.slug, urlSegment: destination.urlSegment };
  });
}

/** The phone line of data/site.yaml, as pages show it (display) and dial it (tel). */
export function sitePhone(dataDir = path.join(projectRoot, "data")): { display: string; tel: string } {
  return (readYaml(path.join(dataDir, "site.yaml")) as { phone: { display: string; tel: string } }).phone;
}

/** The URLs every city file gives the English site: its own page and one page per destination. */
export function cityPageUrls(dataDir?: string): string[] {
  const segments = destinationFiles(dataDir).map((d) => d.urlSegment);
  return cityFiles(dataDir).flatMap((city) => [`/${city.urlSlug}/`, ...segments.map((segment) => `/${city.urlSlug}/${segment}/`)]);
}

// --- internal ---

const yamlFilesOf = (folder: string): string[] => {
  try {
    return readdirSync(folder).filter((name) => name.endsWith(".yaml")).sort();
  } catch {
    return [];
  }
};

const readYaml = (file: string): unknown => parse(readFileSync(file, "utf8"));
