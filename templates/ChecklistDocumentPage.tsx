import { Checklist } from "./Checklist";
import { DocumentPage, type DocumentPageProps } from "./DocumentPage";

export interface ChecklistDocumentPageProps extends Omit<DocumentPageProps, "children" | "notice"> {
  groups: { id: string; heading: string; intro: string; items: { title: string; detail: string }[] }[];
  notes: { heading: string; items: string[] };
}

/** /for-case-managers/pre-flight-checklist/: the checklist download as a page. */
export function ChecklistDocumentPage({ groups, notes, ...props }: ChecklistDocumentPageProps) {
  return (
    <DocumentPage {...props}>
      {groups.map((group) => (
        <section key={group.id} className="section" aria-labelledby={group.id}>
          <div className="container prose">
            <h2 id={group.id}>{group.heading}</h2>
            <p>{group.intro}</p>
            <Checklist items={group.items} />
          </div>
        </section>
      ))}
      <section className="section section-alt" aria-labelledby="notes">
        <div className="container prose">
          <h2 id="notes">{notes.heading}</h2>
          <ul>
            {notes.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      </section>
    </DocumentPage>
  );
}
