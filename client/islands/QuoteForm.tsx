import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { pageBasePath, underBasePath } from "../base-path";
import { deliverQuote } from "../quote/deliver";
import { clearDraft, loadDraft, saveDraft } from "../quote/draft";
import { FIELD_LABELS } from "../quote/labels";
import {
  assembleQuote,
  BOT_DELAY_MS,
  COMPACT_HIDDEN_FIELDS,
  CONSENT_TEXT,
  emptyQuoteFields,
  EQUIPMENT_OPTIONS,
  HUMAN_CHECK_ANSWER,
  HUMAN_CHECK_QUESTION,
  MESSAGES,
  MOBILITY_OPTIONS,
  NOTES_PLACEHOLDER,
  REDIRECT_DELAY_MS,
  URGENCY_OPTIONS,
  validateQuote,
  type Equipment,
  type FieldErrors,
  type FieldName,
  type FormVariant,
  type QuoteFields,
  type SourceSlot,
} from "../quote/rules";

export interface QuoteFormProps {
  variant: FormVariant;
  slot: SourceSlot;
  /**
   * Where the quote is POSTed as JSON (and, without JavaScript, the form itself): the site's own /api/quote unless
   * site.yaml names another address. Left out only with `quote.delivery: console`: the quote is then only written
   * to the console (spec §7), a demo that reaches no one.
   */
  endpoint?: string;
  phone: { display: string; tel: string };
  submitLabel?: string;
  /**
   * A preview build of the site (`flightsite build --preview`): the form sends nothing, with or without JavaScript.
   * It has no action and no submit button; in their place, a notice that this is a preview, with the number to call.
   */
  preview?: boolean;
}

type Status = "idle" | "submitting" | "success" | "error";

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

/**
 * The quote request form (spec §3–§5, §8): rendered to HTML on the server by React, brought to life in the browser
 * by Preact. Every value the visitor typed stays on screen (and in a session draft) until the quote is delivered.
 */
export function QuoteForm({ variant, slot, endpoint, phone, submitLabel = "Request a Quote", preview }: QuoteFormProps) {
  const [fields, setFields] = useState<QuoteFields>(emptyQuoteFields);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>("idle");
  const [humanCheck, setHumanCheck] = useState({ shown: false, answer: "", wrong: false });
  const [ready, setReady] = useState(false);
  const openedAt = useRef(0);
  const verified = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const id = (name: string) => `quote-${slot}-${name}`;
  const compact = variant === "compact";
  // The site's own URLs under the base path the page states ("/" while rendering on the server, which writes every
  // link of the HTML under it itself).
  const basePath = pageBasePath();

  useEffect(() => {
    openedAt.current = Date.now();
    const draft = loadDraft(slot);
    if (draft) setFields(draft);
    setReady(true);
    // A form in the modal becomes visible only when the dialog opens: the bot check counts from then.
    const island = formRef.current?.closest("[data-island]");
    const restartClock = () => {
      openedAt.current = Date.now();
    };
    island?.addEventListener("quote-form-open", restartClock);
    return () => island?.removeEventListener("quote-form-open", restartClock);
  }, [slot]);

  // Saved as soon as the change is rendered, not after the next paint as useEffect would: a reload right after a
  // click (a visitor's, or a test's) still finds it.
  useLayoutEffect(() => {
    if (ready && status !== "success") saveDraft(slot, fields);
  }, [fields, ready, slot, status]);

  function update<K extends FieldName>(name: K, value: QuoteFields[K]) {
    setFields((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => {
      if (!previous[name]) return previous;
      const next = { ...previous };
      delete next[name];
      return next;
    });
  }

  async function submit() {
    if (preview) return previewNotice();
    if (status === "submitting" || status === "success") return;
    if (fields.company) return; // Only bots fill the hidden field: do nothing, say nothing.
    const visible = compact ? { ...fields, ...hiddenInCompact } : fields;
    const found = validateQuote(visible);
    setErrors(found);
    const firstInvalid = Object.keys(found)[0];
    if (firstInvalid) {
      focus(firstInvalid === "urgency" || firstInvalid === "mobility" ? `${id(firstInvalid)}-0` : id(firstInvalid));
      return;
    }
    if (!verified.current && Date.now() - openedAt.current < BOT_DELAY_MS) {
      setHumanCheck({ shown: true, answer: "", wrong: false });
      setTimeout(() => focus(id("human-check")));
      return;
    }
    setStatus("submitting");
    try {
      const quote = assembleQuote(visible, {
        href: location.href,
        title: document.title,
        windowWidth: window.innerWidth,
        slot,
        nowMs: Date.now(),
        random: Math.random,
        basePath,
      });
      console.log("Quote request", quote);
      if (endpoint) await deliverQuote(underBasePath(endpoint, basePath), quote);
      window.gtag?.("event", "quote_submitted", {
        urgency: quote.urgency,
        city_slug: quote.city_slug,
        destination_slug: quote.destination_slug,
        device: quote.device,
        source_slot: quote.source_slot,
      });
      clearDraft(slot);
      setStatus("success");
      setTimeout(() => location.assign(underBasePath(`/thank-you/?case=${encodeURIComponent(quote.case_id)}`, basePath)), REDIRECT_DELAY_MS);
    } catch (error) {
      console.error("Quote request not delivered", error);
      setStatus("error");
    }
  }

  /** Submitting a preview's form (Enter in a field) does nothing but point at the notice. */
  function previewNotice() {
    focus(id("preview-notice"));
  }

  function verify() {
    if (Number(humanCheck.answer) === HUMAN_CHECK_ANSWER) {
      verified.current = true;
      setHumanCheck({ shown: false, answer: "", wrong: false });
      void submit();
    } else {
      setHumanCheck({ ...humanCheck, wrong: true });
      focus(id("human-check"));
    }
  }

  const busy = status === "submitting" || status === "success";
  const text = (name: "full_name" | "phone" | "email" | "from_location" | "to_location" | "preferred_date") => ({
    id: id(name),
    name,
    value: fields[name],
    // Both events: React fires onChange on every keystroke, Preact (without compat) fires onInput.
    onInput: (event: { currentTarget: HTMLInputElement }) => update(name, event.currentTarget.value),
    onChange: (event: { currentTarget: HTMLInputElement }) => update(name, event.currentTarget.value),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id(name)}-error` : undefined,
  });

  return (
    <form
      ref={formRef}
      className={`quote-form quote-form-${variant}`}
      method={preview ? undefined : "post"}
      action={preview ? undefined : endpoint}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (humanCheck.shown) verify();
        else void submit();
      }}
    >
      <p className="form-hint">Fields marked (required) must be filled in.</p>
      <Field label={FIELD_LABELS.full_name} required error={errors.full_name} htmlFor={id("full_name")}>
        <input type="text" autoComplete="name" {...text("full_name")} />
      </Field>
      <Field label={FIELD_LABELS.phone} required error={errors.phone} htmlFor={id("phone")}>
        <input type="tel" autoComplete="tel" inputMode="tel" {...text("phone")} />
      </Field>
      {!compact && (
        <Field label={FIELD_LABELS.email} error={errors.email} htmlFor={id("email")}>
          <input type="email" autoComplete="email" {...text("email")} />
        </Field>
      )}
      <Field label={FIELD_LABELS.from_location} required error={errors.from_location} htmlFor={id("from_location")}>
        <input type="text" {...text("from_location")} />
      </Field>
      <Field label={FIELD_LABELS.to_location} required error={errors.to_location} htmlFor={id("to_location")}>
        <input type="text" {...text("to_location")} />
      </Field>
      {!compact && (
        <Field label={FIELD_LABELS.preferred_date} error={errors.preferred_date} htmlFor={id("preferred_date")}>
          <input type="date" {...text("preferred_date")} />
        </Field>
      )}
      <Choices
        legend={FIELD_LABELS.urgency}
        name="urgency"
        idBase={id("urgency")}
        type="radio"
        options={URGENCY_OPTIONS}
        selected={fields.urgency ? [fields.urgency] : []}
        error={errors.urgency}
        onChange={(value) => update("urgency", value as QuoteFields["urgency"])}
      />
      {fields.urgency === "Today" && (
        <div className="form-notice" role="note">
          <p>
            <strong>{MESSAGES.emergency}</strong>
          </p>
          <p>
            For a flight today, please also call us at <a href={`tel:${phone.tel}`}>{phone.display}</a> after you
            submit this form, so a coordinator can start right away.
          </p>
        </div>
      )}
      <Choices
        legend={FIELD_LABELS.mobility}
        name="mobility"
        idBase={id("mobility")}
        type="radio"
        options={MOBILITY_OPTIONS}
        selected={fields.mobility ? [fields.mobility] : []}
        error={errors.mobility}
        onChange={(value) => update("mobility", value as QuoteFields["mobility"])}
      />
      {!compact && (
        <Choices
          legend={FIELD_LABELS.equipment}
          name="equipment"
          idBase={id("equipment")}
          type="checkbox"
          options={EQUIPMENT_OPTIONS}
          selected={fields.equipment}
          onChange={(value, checked) =>
            update(
              "equipment",
              checked ? [...fields.equipment, value as Equipment] : fields.equipment.filter((item) => item !== value),
            )
          }
        />
      )}
      {!compact && (
        <Field label={FIELD_LABELS.notes} htmlFor={id("notes")}>
          <textarea
            id={id("notes")}
            name="notes"
            rows={3}
            placeholder={NOTES_PLACEHOLDER}
            value={fields.notes}
            onInput={(event) => update("notes", event.currentTarget.value)}
            onChange={(event) => update("notes", event.currentTarget.value)}
          />
        </Field>
      )}
      <div className={`form-field form-consent${errors.consent ? " has-error" : ""}`}>
        <input
          type="checkbox"
          id={id("consent")}
          name="consent"
          value="yes"
          checked={fields.consent}
          onChange={(event) => update("consent", event.currentTarget.checked)}
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={errors.consent ? `${id("consent")}-error` : undefined}
        />
        <label htmlFor={id("consent")}>
          {CONSENT_TEXT} <span className="required">(required)</span>
        </label>
        {errors.consent && <FieldError id={`${id("consent")}-error`} message={errors.consent} />}
      </div>
      <p className="form-privacy">
        <a href={underBasePath("/privacy/", basePath)}>How we keep and use your request</a>
      </p>
      {/* Sent only when the form is posted without JavaScript: the receiver then knows which form it was. */}
      <input type="hidden" name="source_slot" value={slot} />
      <div className="form-trap" aria-hidden="true">
        <label htmlFor={id("company")}>{FIELD_LABELS.company}</label>
        <input
          type="text"
          id={id("company")}
          name="company"
          tabIndex={-1}
          autoComplete="off"
          value={fields.company}
          onInput={(event) => update("company", event.currentTarget.value)}
          onChange={(event) => update("company", event.currentTarget.value)}
        />
      </div>
      {humanCheck.shown && (
        <div className="human-check">
          <label htmlFor={id("human-check")}>{HUMAN_CHECK_QUESTION}</label>
          <div className="human-check-row">
            <input
              type="number"
              inputMode="numeric"
              id={id("human-check")}
              value={humanCheck.answer}
              onInput={(event) => setHumanCheck({ ...humanCheck, answer: event.currentTarget.value, wrong: false })}
              onChange={(event) => setHumanCheck({ ...humanCheck, answer: event.currentTarget.value, wrong: false })}
              aria-invalid={humanCheck.wrong ? true : undefined}
              aria-describedby={humanCheck.wrong ? `${id("human-check")}-error` : undefined}
            />
            <button type="button" className="button button-secondary" onClick={verify}>
              Verify
            </button>
          </div>
          {humanCheck.wrong && <FieldError id={`${id("human-check")}-error`} message={MESSAGES.humanCheckWrong} />}
        </div>
      )}
      {preview ? (
        <div className="form-notice form-preview-notice" role="note" tabIndex={-1} id={id("preview-notice")}>
          <p>
            <strong>{PREVIEW_NOTICE}</strong>
          </p>
          <p>
            To ask for a quote, please call <a href={`tel:${phone.tel}`}>{phone.display}</a>: a coordinator answers 24/7.
          </p>
        </div>
      ) : (
        <button type="submit" className="button button-primary form-submit" disabled={busy}>
          {status === "submitting" ? MESSAGES.submitting : submitLabel}
        </button>
      )}
      <div className="form-status" role="status">
        {status === "success" && (
          <div className="form-success">
            <p>
              <strong>{MESSAGES.success}</strong>
            </p>
            <p>{MESSAGES.redirecting}</p>
          </div>
        )}
      </div>
      <div role="alert">{status === "error" && <p className="form-failure">{MESSAGES.failure}</p>}</div>
      {!endpoint && !preview && (
        <noscript>
          <p className="form-failure">
            This form needs JavaScript to send. Please call {phone.display}: a coordinator answers 24/7.
          </p>
        </noscript>
      )}
    </form>
  );
}

/** What a preview's quote forms say instead of sending. */
export const PREVIEW_NOTICE = "This is a preview of the website. Requests are not sent from this form.";

// --- internal ---

const hiddenInCompact = Object.fromEntries(
  COMPACT_HIDDEN_FIELDS.map((name) => [name, emptyQuoteFields()[name]]),
) as Partial<QuoteFields>;

function focus(elementId: string) {
  document.getElementById(elementId)?.focus();
}

function Field(props: { label: string; htmlFor: string; required?: boolean; error?: string; children: ReactNode }) {
  return (
    <div className={`form-field${props.error ? " has-error" : ""}`}>
      <label htmlFor={props.htmlFor}>
        {props.label}
        {props.required && <span className="required"> (required)</span>}
      </label>
      {props.children}
      {props.error && <FieldError id={`${props.htmlFor}-error`} message={props.error} />}
    </div>
  );
}

function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p className="field-error" id={id}>
      {message}
    </p>
  );
}

function Choices(props: {
  legend: string;
  name: string;
  idBase: string;
  type: "radio" | "checkbox";
  options: readonly string[];
  selected: string[];
  error?: string;
  onChange: (value: string, checked: boolean) => void;
}) {
  const errorId = `${props.idBase}-error`;
  return (
    <fieldset className={`form-field form-choices${props.error ? " has-error" : ""}`}>
      <legend>
        {props.legend}
        {props.type === "radio" && <span className="required"> (required)</span>}
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
            aria-invalid={props.error ? true : undefined}
            aria-describedby={props.error ? errorId : undefined}
          />
          <label htmlFor={`${props.idBase}-${index}`}>{option}</label>
        </div>
      ))}
      {props.error && <FieldError id={errorId} message={props.error} />}
    </fieldset>
  );
}
