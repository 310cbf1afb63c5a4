import { Checklist } from "./Checklist";
import { DocumentPage, type DocumentPageProps } from "./DocumentPage";
import { Section } from "./Section";

export interface ChecklistDocumentPageProps extends Omit<DocumentPageProps, "children" | "notice"> {
  groups: { id: string; heading: string; intro: string; items: { title: string; detail: string }[] }[];
  notes: { heading: string; items: string[] };
}

/** /for-case-managers/pre-flight-checklist/: the checklist download as a page. */
export function ChecklistDocumentPage({ groups, notes, ...props }: ChecklistDocumentPageProps) {
  return (
    <DocumentPage {...props}>
      {groups.map((group) => (
        <Section key={group.id} id={group.id} heading={group.heading} container="container prose">
          <p>{group.intro}</p>
          <Checklist items={group.items} />
        </Section>
      ))}
      <Section id="notes" heading={notes.heading} className="section section-alt" container="container prose">
        <ul>
          {notes.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Section>
    </DocumentPage>
  );
}
