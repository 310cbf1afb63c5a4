import { DocumentPage, type DocumentPageProps } from "./DocumentPage";
import { textFor } from "./text";

export interface SampleItineraryPageProps extends Omit<DocumentPageProps, "children"> {
  steps: { time: string; title: string; place: string; detail: string }[];
  notes: { heading: string; items: string[] };
}

/** /for-case-managers/sample-itinerary/: the sample travel day as a page, marked as a sample. */
export function SampleItineraryPage({ steps, notes, ...props }: SampleItineraryPageProps) {
  return (
    <DocumentPage {...props}>
      <section className="section" aria-labelledby="travel-day">
        <div className="container prose">
          <h2 id="travel-day">{textFor(props.chrome.lang).document.travelDay}</h2>
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
        </div>
      </section>
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
