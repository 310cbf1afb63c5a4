import type { ReactNode } from "react";

export interface SectionProps {
  /** The heading's id: the section is labelled by its heading (aria-labelledby). */
  id: string;
  heading: ReactNode;
  /** The section's classes: "section" unless told ("section section-alt", "cta-band"). */
  className?: string;
  /** The classes of the container inside it: "container" unless told ("container prose", "container narrow"). */
  container?: string;
  /** The section's own id, when a link leads to it (#quote, #downloads). */
  anchor?: string;
  children?: ReactNode;
}

/** A band of a page: a section labelled by its h2, in a container. */
export function Section({ id, heading, className = "section", container = "container", anchor, children }: SectionProps) {
  return (
    <section id={anchor} className={className} aria-labelledby={id}>
      <div className={container}>
        <h2 id={id}>{heading}</h2>
        {children}
      </div>
    </section>
  );
}

/** A titled section of running text. */
export function ProseSection(props: Omit<SectionProps, "container">) {
  return <Section {...props} container="container prose" />;
}
