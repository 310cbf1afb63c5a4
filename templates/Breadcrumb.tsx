export interface BreadcrumbProps {
  trail: { name: string; url: string }[];
}

/** The visible trail; the same trail is in the page's BreadcrumbList JSON-LD. */
export function Breadcrumb({ trail }: BreadcrumbProps) {
  return (
    <nav className="breadcrumb container" aria-label="Breadcrumb">
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
