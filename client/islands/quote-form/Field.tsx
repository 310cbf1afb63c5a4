import type { ReactNode } from "react";
import { FieldError } from "./FieldError";

export interface FieldProps {
  label: string;
  htmlFor: string;
  /** The marker after the label of a field that must be filled in. */
  required?: string;
  error?: string;
  /** Shown under the label, tied to the control by the caller's aria-describedby. */
  hint?: string;
  children: ReactNode;
}

/** A labelled field, with its hint under the label and its error under the control. */
export function Field(props: FieldProps) {
  return (
    <div className={`form-field${props.error ? " has-error" : ""}`}>
      <label htmlFor={props.htmlFor}>
        {props.label}
        {props.required && <span className="required"> {props.required}</span>}
      </label>
      {props.hint && (
        <p className="field-hint" id={`${props.htmlFor}-hint`}>
          {props.hint}
        </p>
      )}
      {props.children}
      {props.error && <FieldError id={`${props.htmlFor}-error`} message={props.error} />}
    </div>
  );
}
