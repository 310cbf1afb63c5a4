import type { TextPart } from "../src/documents/text";
import { DocumentPage, type DocumentPageProps } from "./DocumentPage";
import { Section } from "./Section";

/** A block of the letter; each of its lines split so [placeholders] can be marked. */
export interface LetterBlock {
  kind: "letterhead" | "date" | "address" | "subject" | "paragraph" | "closing" | "signature";
  lines: TextPart[][];
}

export interface LetterTemplatePageProps extends Omit<DocumentPageProps, "children" | "notice"> {
  instructions: { heading: string; items: string[] };
  letter: LetterBlock[];
}

/** /for-case-managers/letter-of-medical-necessity-template/: the letter template as a page. */
export function LetterTemplatePage({ instructions, letter, ...props }: LetterTemplatePageProps) {
  return (
    <DocumentPage {...props}>
      <Section id="instructions" heading={instructions.heading} container="container prose">
        <ul>
          {instructions.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Section>
      <Section id="the-letter" heading="The Letter" className="section section-alt" container="container prose">
        <p>Text in [square brackets] is for the physician to fill in.</p>
        <div className="letter">
          {letter.map((block, index) => (
            <p key={index} className={`letter-${block.kind}`}>
              {block.lines.map((line, lineIndex) => (
                <span key={lineIndex}>
                  {lineIndex > 0 && <br />}
                  {line.map((part, partIndex) =>
                    part.placeholder ? (
                      <span key={partIndex} className="placeholder">
                        {part.text}
                      </span>
                    ) : (
                      part.text
                    ),
                  )}
                </span>
              ))}
            </p>
          ))}
        </div>
      </Section>
    </DocumentPage>
  );
}
