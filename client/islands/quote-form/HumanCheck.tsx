import type { QuoteFormText } from "../../messages/quote-words";
import { FieldError, invalidWhen } from "./FieldError";
import type { HumanCheckState } from "./use-quote-form";

export interface HumanCheckProps {
  id: string;
  state: HumanCheckState;
  text: QuoteFormText;
  onAnswer: (value: string) => void;
  onVerify: () => void;
}

/** The question a form sent too soon after it opened must answer before it is sent. */
export function HumanCheck({ id, state, text, onAnswer, onVerify }: HumanCheckProps) {
  const wrong = text.messages.humanCheckWrong;
  return (
    <div className="human-check">
      <label htmlFor={id}>{text.humanCheck}</label>
      <div className="human-check-row">
        <input
          type="number"
          inputMode="numeric"
          id={id}
          value={state.answer}
          onInput={(event) => onAnswer(event.currentTarget.value)}
          onChange={(event) => onAnswer(event.currentTarget.value)}
          {...invalidWhen(state.wrong ? wrong : undefined, `${id}-error`)}
        />
        <button type="button" className="button button-secondary" onClick={onVerify}>
          {text.verify}
        </button>
      </div>
      {state.wrong && <FieldError id={`${id}-error`} message={wrong} />}
    </div>
  );
}
