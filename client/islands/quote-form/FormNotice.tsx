import { PhoneNumber } from "./PhoneNumber";

export interface FormNoticeProps {
  /** What the notice says first, in bold. */
  heading: string;
  /** The sentence around the number: the text before it and after it. */
  call: readonly [string, string];
  phone: { display: string; tel: string };
  /** A notice the form moves the focus to gets an id and is focusable. */
  id?: string;
  className?: string;
}

/** A note inside the form that asks the visitor to call: for a flight today, or instead of sending from a preview. */
export function FormNotice({ heading, call, phone, id, className }: FormNoticeProps) {
  return (
    <div className={className ? `form-notice ${className}` : "form-notice"} role="note" tabIndex={id ? -1 : undefined} id={id}>
      <p>
        <strong>{heading}</strong>
      </p>
      <p>
        {call[0]}
        <a href={`tel:${phone.tel}`}>
          <PhoneNumber phone={phone} />
        </a>
        {call[1]}
      </p>
    </div>
  );
}
