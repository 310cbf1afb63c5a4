import type { Lang } from "../src/content/language";
import { Icon } from "./Icon";
import { textFor } from "./text";

/** One generated file, described by createRoutes from its bytes. */
export interface DownloadLink {
  href: string;
  /** The name the browser saves it under. */
  fileName: string;
  /** What the link shows beside "Download": "PDF, 42 KB". */
  typeAndSize: string;
}

export interface DownloadLinksProps {
  /** The document's name, read out with each link (the links themselves only show the type and size). */
  label: string;
  links: DownloadLink[];
  lang?: Lang;
}

/** Plain links with the `download` attribute: they work without JavaScript and save the file. */
export function DownloadLinks({ label, links, lang = "en" }: DownloadLinksProps) {
  return (
    <ul className="download-links">
      {links.map((link) => (
        <li key={link.href}>
          <a className="button button-secondary download-link" href={link.href} download={link.fileName}>
            <Icon name="download" />
            <span>
              {textFor(lang).document.download}
              <span className="visually-hidden"> {label},</span>
            </span>{" "}
            <span className="download-meta">{link.typeAndSize}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
