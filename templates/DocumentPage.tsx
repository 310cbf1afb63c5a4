import type { ReactNode } from "react";
import type { PageChrome } from "../src/content/types";
import { CtaBand } from "./CtaBand";
import { Once } from "./Once";
import { DownloadLinks, type DownloadLink } from "./DownloadLinks";
import { Layout } from "./Layout";
import { textFor } from "./text";

export interface DocumentPageProps {
  chrome: PageChrome;
  heading: string;
  label: string;
  /** "September 2025", in the page's language. */
  updated: string;
  intro: string;
  /** Shown above the heading, like the sample itinerary's "Sample — times and places vary". */
  notice?: string;
  downloads: DownloadLink[];
  children: ReactNode;
}

/** The web page of a case-manager download: the same content as the file, with links to the file itself. */
export function DocumentPage({ chrome, heading, label, updated, intro, notice, downloads, children }: DocumentPageProps) {
  return (
    <Layout chrome={chrome}>
      <section className="hero">
        <div className="container">
          {notice && <p className="sample-notice">{notice}</p>}
          <h1>{heading}</h1>
          <p className="document-updated">{textFor(chrome.lang).document.updated(updated)}</p>
          <p className="lead">{intro}</p>
          <DownloadLinks label={label} links={downloads} lang={chrome.lang} />
        </div>
      </section>
      {children}
      <Once component={CtaBand} props={{ site: chrome.site, lang: chrome.lang }} />
    </Layout>
  );
}
