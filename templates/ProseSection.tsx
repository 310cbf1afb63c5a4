import type { ReactNode } from "react";

export interface ProseSectionProps {
  id: string;
  heading: string;
  children: ReactNode;
}

/** A titled section of running text, its heading the section's label. */
export function ProseSection({ id, heading, children }: ProseSectionProps) {
  return (
    <section className="section" aria-labelledby={id}>
      <div className="container prose">
        <h2 id={id}>{heading}</h2>
        {children}
      </div>
    </section>
  );
}
