export interface StepsProps {
  steps: { title: string; text: string }[];
}

/** A numbered list of steps; the number is part of the visible title ("1. Inquiry"). */
export function Steps({ steps }: StepsProps) {
  return (
    <ol className="steps">
      {steps.map((step, index) => (
        <li key={step.title} className="step">
          <h3>
            <span className="step-number">{index + 1}.</span> {step.title}
          </h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
