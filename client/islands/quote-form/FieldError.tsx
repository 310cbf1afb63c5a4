/** What is wrong with a field, under it; the control names it in aria-describedby (its id is the field's + "-error"). */
export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p className="field-error" id={id}>
      {message}
    </p>
  );
}

/** The attributes that tie a control to its error, when it has one. */
export function invalidWhen(error: string | undefined, errorId: string) {
  return {
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": error ? errorId : undefined,
  };
}
