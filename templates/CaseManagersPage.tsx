import { DownloadLinks, type DownloadLink } from "./DownloadLinks";
import { StaticPage, type StaticPageProps } from "./StaticPage";
import { textFor } from "./text";
import { Section } from "./Section";

export interface CaseManagerDocumentCard {
  id: string;
  label: string;
  summary: string;
  /** The document's web page: the same content, readable without opening a file. */
  pageUrl: string;
  /** The web page's language when it exists only in English and this page is not ("en": the letter template). */
  pageLang?: "en";
  downloads: DownloadLink[];
}

export interface CaseManagersPageProps extends Omit<StaticPageProps, "children"> {
  documents: CaseManagerDocumentCard[];
}

/** /for-case-managers/: the three downloads first, then the page's sections from data/pages/. */
export function CaseManagersPage({ documents, ...props }: CaseManagersPageProps) {
  const { lang } = props.chrome;
  const words = textFor(lang).caseManagers;
  return (
    <StaticPage {...props}>
      <Section id="downloads-heading" heading={words.downloads} anchor="downloads">
        <p>{words.downloadsText}</p>
        <ul className="card-grid download-grid">
          {documents.map((document) => (
            <li key={document.id} className="card download-card">
              <h3 id={`download-${document.id}`}>{document.label}</h3>
              <p>{document.summary}</p>
              <DownloadLinks label={document.label} links={document.downloads} lang={lang} />
              <p className="download-page-link">
                <a href={document.pageUrl} hrefLang={document.pageLang}>
                  {words.readAsPage}
                  <span className="visually-hidden">: {document.label}</span>
                </a>
              </p>
            </li>
          ))}
        </ul>
      </Section>
    </StaticPage>
  );
}
