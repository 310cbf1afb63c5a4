import { DocumentPage, type DocumentPageProps } from "./DocumentPage";
import { textFor } from "./text";
import { Section } from "./Section";

export interface SampleItineraryPageProps extends Omit<DocumentPageProps, "children"> {
  steps: { time: string; title: string; place: string; detail: string }[];
  notes: { heading: string; items: string[] };
}

/** /for-case-managers/sample-itinerary/: the sample travel day as a page, marked as a sample. */
export function SampleItineraryPage({ steps, notes, ...props }: SampleItineraryPageProps) {
  return (
    <DocumentPage {...props}>
      <Section id="travel-day" heading={textFor(props.chrome.lang).document.travelDay} container="container prose">
        <ol className="itinerary">
          {steps.map((step) => (
            <li key={step.time} className="itinerary-step">
              <p className="itinerary-time">{step.time}</p>
              <div>
                <h3>{step.title}</h3>
                <p className="itinerary-place">{step.place}</p>
                <p>{step.detail}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>
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
