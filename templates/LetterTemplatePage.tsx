import type { TextPart } from "../src/documents/text";
import { DocumentPage, type DocumentPageProps } from "./DocumentPage";

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
      <section className="section" aria-labelledby="instructions">
        <div className="container prose">
          <h2 id="instructions">{instructions.heading}</h2>
          <ul>
            {instructions.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section section-alt" aria-labelledby="the-letter">
        <div className="container prose">
          <h2 id="the-letter">The Letter</h2>
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
        </div>
      </section>
    </DocumentPage>
  );
}
