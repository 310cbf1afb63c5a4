import { XMLBuilder } from "fast-xml-parser";

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@", format: true });

/** sitemap.xml listing every indexable page, built with an XML builder so escaping is the library's job. */
export function renderSitemap(urls: string[]): string {
  const xml = builder.build({
    urlset: { "@xmlns": "http://www.sitemaps.org/schemas/sitemap/0.9", url: urls.map((loc) => ({ loc })) },
  }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`;
}
