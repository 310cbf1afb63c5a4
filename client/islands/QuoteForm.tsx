import { underBasePath } from "../base-path";
import type { QuoteFormText } from "../messages/quote-words";
import {
  EQUIPMENT_OPTIONS,
  MOBILITY_OPTIONS,
  URGENCY_OPTIONS,
  type Equipment,
  type FormVariant,
  type QuoteFields,
  type QuoteLanguage,
  type SourceSlot,
} from "../quote/rules";
import { Choices } from "./quote-form/Choices";
import { Field } from "./quote-form/Field";
import { FieldError, invalidWhen } from "./quote-form/FieldError";
import { quoteFieldId } from "./quote-form/field-id";
import { FormNotice } from "./quote-form/FormNotice";
import { FormStatus } from "./quote-form/FormStatus";
import { HumanCheck } from "./quote-form/HumanCheck";
import { PhoneNumber } from "./quote-form/PhoneNumber";
import { useQuoteForm } from "./quote-form/use-quote-form";

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

/**
 * The quote request form (spec §3–§5, §8): rendered to HTML on the server by React, brought to life in the browser
 * by Preact. Every value the visitor typed stays on screen (and in a session draft) until the quote is delivered.
 */
export function QuoteForm({ variant, slot, endpoint, phone, submitLabel, preview, lang = "en", text }: QuoteFormProps) {
  const form = useQuoteForm({ variant, slot, endpoint, preview, lang, messages: text.messages });
  const { fields, errors, status, humanCheck, update } = form;
  const id = (name: string) => quoteFieldId(slot, name);
  const compact = variant === "compact";
  const busy = status === "submitting" || status === "success";
  const labels = text.labels;
  const input = (name: "full_name" | "phone" | "email" | "from_location" | "to_location" | "preferred_date") => ({
    id: id(name),
    name,
    value: fields[name],
    // Both events: React fires onChange on every keystroke, Preact (without compat) fires onInput.
    onInput: (event: { currentTarget: HTMLInputElement }) => update(name, event.currentTarget.value),
    onChange: (event: { currentTarget: HTMLInputElement }) => update(name, event.currentTarget.value),
    ...invalidWhen(errors[name], `${id(name)}-error`),
  });

  return (
    <form
      ref={form.formRef}
      className={`quote-form quote-form-${variant}`}
      method={preview ? undefined : "post"}
      action={preview ? undefined : endpoint}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (humanCheck.shown) form.verify();
        else void form.submit();
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
      {fields.urgency === "Today" && <FormNotice heading={text.messages.emergency} call={text.todayCall} phone={phone} />}
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
          {...invalidWhen(errors.consent, `${id("consent")}-error`)}
        />
        <label htmlFor={id("consent")}>
          {text.consent} <span className="required">{text.required}</span>
        </label>
        {errors.consent && <FieldError id={`${id("consent")}-error`} message={errors.consent} />}
      </div>
      <p className="form-privacy">
        <a href={underBasePath(lang === "en" ? "/privacy/" : `/${lang}/privacy/`, form.basePath)}>
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
        <HumanCheck id={id("human-check")} state={humanCheck} text={text} onAnswer={form.answer} onVerify={form.verify} />
      )}
      {preview ? (
        <FormNotice heading={text.previewNotice} call={text.previewCall} phone={phone} id={id("preview-notice")} className="form-preview-notice" />
      ) : (
        <button type="submit" className="button button-primary form-submit" disabled={busy}>
          {status === "submitting" ? text.messages.submitting : (submitLabel ?? text.submit)}
        </button>
      )}
      <FormStatus status={status} messages={text.messages} />
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
