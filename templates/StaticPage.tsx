import type { ReactNode } from "react";
import type { PageChrome, Photo } from "../src/content/types";
import { CtaBand } from "./CtaBand";
import { Once } from "./Once";
import { Layout } from "./Layout";
import { HeroPhoto, SectionPhoto } from "./Photo";
import { Section } from "./Section";

export interface StaticPageProps {
  chrome: PageChrome;
  heading: string;
  lead: string;
  /** Markdown already rendered (and sanitized) to HTML by createRoutes. */
  sections: { id: string; heading: string; html: string }[];
  /** Page-specific content shown after the lead (contact cards, downloads…). */
  children?: ReactNode;
  showCta?: boolean;
  photo?: Photo;
}

/** A content page from data/pages/: heading, lead, then one section per markdown block. */
export function StaticPage({ chrome, heading, lead, sections, children, showCta = true, photo }: StaticPageProps) {
  return (
    <Layout chrome={chrome}>
      <HeroPhoto photo={photo} lang={chrome.lang} />
      <section className="hero">
        <div className="container">
          <h1>{heading}</h1>
          <p className="lead">{lead}</p>
        </div>
      </section>
      <SectionPhoto photo={photo} lang={chrome.lang} />
      {children}
      {sections.map((section) => (
        <Section key={section.id} id={section.id} heading={section.heading} container="container prose">
          <div dangerouslySetInnerHTML={{ __html: section.html }} />
        </Section>
      ))}
      {showCta && <Once component={CtaBand} props={{ site: chrome.site, lang: chrome.lang }} />}
    </Layout>
  );
}
