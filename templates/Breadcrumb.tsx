import type { Lang } from "../src/content/language";
import { textFor } from "./text";

export interface BreadcrumbProps {
  trail: { name: string; url: string }[];
  lang?: Lang;
}

/** The visible trail; the same trail is in the page's BreadcrumbList JSON-LD. */
export function Breadcrumb({ trail, lang = "en" }: BreadcrumbProps) {
  return (
    <nav className="breadcrumb container" aria-label={textFor(lang).breadcrumb}>
      <ol>
        {trail.map((crumb, index) =>
          index === trail.length - 1 ? (
            <li key={crumb.url}>
              <a href={crumb.url} aria-current="page">
                {crumb.name}
              </a>
            </li>
          ) : (
            <li key={crumb.url}>
              <a href={crumb.url}>{crumb.name}</a>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
