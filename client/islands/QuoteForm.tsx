import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { pageBasePath, underBasePath } from "../base-path";
import { sameAttempt } from "../quote/attempt";
import { deliverQuote } from "../quote/deliver";
import { clearDraft, loadDraft, saveDraft } from "../quote/draft";
import {
  assembleQuote,
  BOT_DELAY_MS,
  COMPACT_HIDDEN_FIELDS,
  emptyQuoteFields,
  EQUIPMENT_OPTIONS,
  HUMAN_CHECK_ANSWER,
  MOBILITY_OPTIONS,
  REDIRECT_DELAY_MS,
  thankYouPath,
  URGENCY_OPTIONS,
  validateQuote,
  type Equipment,
  type FieldErrors,
  type FieldName,
  type FormVariant,
  type QuoteFields,
  type QuoteLanguage,
  type SourceSlot,
} from "../quote/rules";
import type { QuoteFormText } from "../messages/quote-words";

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
  /** The language of the page: the quote says it, and the visitor lands on the thank-you page in it. */
  lang?: QuoteLanguage;
  /**
   * Every word the form shows, in the page's language (client/messages/): the server's templates pass it, so the
   * browser's script carries no word list of its own.
   */
  text: QuoteFormText;
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
export function QuoteForm({ variant, slot, endpoint, phone, submitLabel, preview, lang = "en", text }: QuoteFormProps) {
  const [fields, setFields] = useState<QuoteFields>(emptyQuoteFields);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>("idle");
  const [humanCheck, setHumanCheck] = useState({ shown: false, answer: "", wrong: false });
  const [ready, setReady] = useState(false);
  const openedAt = useRef(0);
  const verified = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
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

  // The confirmation is where the eye is (issue 40): focus moves to it, which brings it into the visible part of the
  // dialog or page, and the status region around it announces it.
  useEffect(() => {
    if (status !== "success") return;
    successRef.current?.focus({ preventScroll: true });
    successRef.current?.scrollIntoView({ block: "nearest" });
  }, [status]);

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
    const found = validateQuote(visible, text.messages);
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
      // The same fields again after a failure keep their case id: the intake may have stored them (issue 39).
      const quote = sameAttempt(assembleQuote(visible, {
        href: location.href,
        title: document.title,
        windowWidth: window.innerWidth,
        slot,
        nowMs: Date.now(),
        random: Math.random,
        basePath,
        lang,
      }));
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
      setTimeout(() => location.assign(underBasePath(thankYouPath(quote.case_id, lang), basePath)), REDIRECT_DELAY_MS);
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
  const labels = text.labels;
  const input = (name: "full_name" | "phone" | "email" | "from_location" | "to_location" | "preferred_date") => ({
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
      <p className="form-hint">{text.hint}</p>
      <Field label={labels.full_name} required={text.required} error={errors.full_name} htmlFor={id("full_name")}>
        <input type="text" autoComplete="name" {...input("full_name")} />
      </Field>
      <Field label={labels.phone} required={text.required} error={errors.phone} htmlFor={id("phone")}>
        <input type="tel" autoComplete="tel" inputMode="tel" {...input("phone")} />
      </Field>
      {!compact && (
        <Field label={labels.email} error={errors.email} htmlFor={id("email")}>
          <input type="email" autoComplete="email" {...input("email")} />
        </Field>
      )}
      <Field label={labels.from_location} required={text.required} error={errors.from_location} htmlFor={id("from_location")}>
        <input type="text" {...input("from_location")} />
      </Field>
      <Field label={labels.to_location} required={text.required} error={errors.to_location} htmlFor={id("to_location")}>
        <input type="text" {...input("to_location")} />
      </Field>
      {!compact && (
        <Field label={labels.preferred_date} error={errors.preferred_date} htmlFor={id("preferred_date")}>
          <input type="date" {...input("preferred_date")} />
        </Field>
      )}
      <Choices
        legend={labels.urgency}
        name="urgency"
        idBase={id("urgency")}
        type="radio"
        required={text.required}
        options={URGENCY_OPTIONS}
        optionText={text.options}
        selected={fields.urgency ? [fields.urgency] : []}
        error={errors.urgency}
        onChange={(value) => update("urgency", value as QuoteFields["urgency"])}
      />
      {fields.urgency === "Today" && (
        <div className="form-notice" role="note">
          <p>
            <strong>{text.messages.emergency}</strong>
          </p>
          <p>
            {text.todayCall[0]}
            <a href={`tel:${phone.tel}`}>
              <PhoneNumber phone={phone} />
            </a>
            {text.todayCall[1]}
          </p>
        </div>
      )}
      <Choices
        legend={labels.mobility}
        name="mobility"
        idBase={id("mobility")}
        type="radio"
        required={text.required}
        options={MOBILITY_OPTIONS}
        optionText={text.options}
        selected={fields.mobility ? [fields.mobility] : []}
        error={errors.mobility}
        onChange={(value) => update("mobility", value as QuoteFields["mobility"])}
      />
      {!compact && (
        <Choices
          legend={labels.equipment}
          name="equipment"
          idBase={id("equipment")}
          type="checkbox"
          options={EQUIPMENT_OPTIONS}
          optionText={text.options}
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
        // The warning is the placeholder too (spec §5), but a 3-row box can cut a placeholder: it is also shown whole.
        <Field label={labels.notes} htmlFor={id("notes")} hint={text.notesPlaceholder}>
          <textarea
            id={id("notes")}
            name="notes"
            rows={3}
            aria-describedby={`${id("notes")}-hint`}
            placeholder={text.notesPlaceholder}
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
          {text.consent} <span className="required">{text.required}</span>
        </label>
        {errors.consent && <FieldError id={`${id("consent")}-error`} message={errors.consent} />}
      </div>
      <p className="form-privacy">
        <a href={underBasePath(lang === "en" ? "/privacy/" : `/${lang}/privacy/`, basePath)}>
          {text.privacy}
        </a>
      </p>
      {/* Sent only when the form is posted without JavaScript: the receiver then knows which form it was, in which language. */}
      <input type="hidden" name="source_slot" value={slot} />
      <input type="hidden" name="lang" value={lang} />
      <div className="form-trap" aria-hidden="true">
        <label htmlFor={id("company")}>{labels.company}</label>
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
          <label htmlFor={id("human-check")}>{text.humanCheck}</label>
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
              {text.verify}
            </button>
          </div>
          {humanCheck.wrong && <FieldError id={`${id("human-check")}-error`} message={text.messages.humanCheckWrong} />}
        </div>
      )}
      {preview ? (
        <div className="form-notice form-preview-notice" role="note" tabIndex={-1} id={id("preview-notice")}>
          <p>
            <strong>{text.previewNotice}</strong>
          </p>
          <p>
            {text.previewCall[0]}
            <a href={`tel:${phone.tel}`}>
              <PhoneNumber phone={phone} />
            </a>
            {text.previewCall[1]}
          </p>
        </div>
      ) : (
        <button type="submit" className="button button-primary form-submit" disabled={busy}>
          {status === "submitting" ? text.messages.submitting : (submitLabel ?? text.submit)}
        </button>
      )}
      <div className="form-status" role="status" aria-live="polite">
        {status === "success" && (
          <div className="form-success" ref={successRef} tabIndex={-1}>
            <p>
              <strong>{text.messages.success}</strong>
            </p>
            <p>{text.messages.redirecting}</p>
          </div>
        )}
      </div>
      <div role="alert">{status === "error" && <p className="form-failure">{text.messages.failure}</p>}</div>
      {!endpoint && !preview && (
        <noscript>
          <p className="form-failure">
            {text.noScript[0]}
            <PhoneNumber phone={phone} />
            {text.noScript[1]}
          </p>
        </noscript>
      )}
    </form>
  );
}

// --- internal ---

const hiddenInCompact = Object.fromEntries(
  COMPACT_HIDDEN_FIELDS.map((name) => [name, emptyQuoteFields()[name]]),
) as Partial<QuoteFields>;

function focus(elementId: string) {
  document.getElementById(elementId)?.focus();
}

/** The site's number, already in its one format (client/phone.tsx; data/site.yaml's schema holds it), kept on one line. */
function PhoneNumber({ phone }: { phone: { display: string } }) {
  return <span className="phone-number">{phone.display}</span>;
}

/** A labelled field, with its hint (tied to the control by the caller's aria-describedby) under the label; `required` is the marker after the label of a field that must be filled in. */
function Field(props: { label: string; htmlFor: string; required?: string; error?: string; hint?: string; children: ReactNode }) {
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
  /** What each option shows, by its value; the value itself when left out. */
  optionText?: Readonly<Record<string, string>>;
  /** The marker after the legend of a group where one option must be chosen. */
  required?: string;
  selected: string[];
  error?: string;
  onChange: (value: string, checked: boolean) => void;
}) {
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
            aria-invalid={props.error ? true : undefined}
            aria-describedby={props.error ? errorId : undefined}
          />
          <label htmlFor={`${props.idBase}-${index}`}>{props.optionText?.[option] ?? option}</label>
        </div>
      ))}
      {props.error && <FieldError id={errorId} message={props.error} />}
    </fieldset>
  );
}
