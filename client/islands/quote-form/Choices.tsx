import { FieldError, invalidWhen } from "./FieldError";

export interface ChoicesProps {
  legend: string;
  name: string;
  idBase: string;
  type: "radio" | "checkbox";
  options: readonly string[];
  /** What each option shows, by its value; the value itself when left out. */
  optionText?: Readonly<Record<string, string>>;
  /** The marker after the legend of a group where one option must be chosen. */
  required?: string;
  selected: string[];
  error?: string;
  onChange: (value: string, checked: boolean) => void;
}

/** A group of radio buttons or checkboxes under one legend; each sends its value, whatever it shows. */
export function Choices(props: ChoicesProps) {
  const errorId = `${props.idBase}-error`;
  return (
    <fieldset className={`form-field form-choices${props.error ? " has-error" : ""}`}>
      <legend>
        {props.legend}
        {props.required && <span className="required"> {props.required}</span>}
      </legend>
      {props.options.map((option, index) => (
        <div key={option} className="choice">
          <input
            type={props.type}
            id={`${props.idBase}-${index}`}
            name={props.name}
            value={option}
            checked={props.selected.includes(option)}
            onChange={(event) => props.onChange(option, event.currentTarget.checked)}
            {...invalidWhen(props.error, errorId)}
          />
          <label htmlFor={`${props.idBase}-${index}`}>{props.optionText?.[option] ?? option}</label>
        </div>
      ))}
      {props.error && <FieldError id={errorId} message={props.error} />}
    </fieldset>
  );
}
