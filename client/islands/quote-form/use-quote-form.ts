import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { pageBasePath, underBasePath } from "../../base-path";
import type { QuoteMessages } from "../../messages/quote-words";
import { sameAttempt } from "../../quote/attempt";
import { deliverQuote } from "../../quote/deliver";
import { clearDraft, loadDraft, saveDraft } from "../../quote/draft";
import {
  assembleQuote,
  BOT_DELAY_MS,
  COMPACT_HIDDEN_FIELDS,
  emptyQuoteFields,
  HUMAN_CHECK_ANSWER,
  REDIRECT_DELAY_MS,
  thankYouPath,
  validateQuote,
  type FieldErrors,
  type FieldName,
  type FormVariant,
  type QuoteFields,
  type QuoteLanguage,
  type SourceSlot,
} from "../../quote/rules";
import { focusField, quoteFieldId } from "./field-id";

// The quote form's state: what the visitor typed (kept in a session draft until the quote is delivered), the errors
// shown, the bot check, and sending (with one case id across retries of the same fields, issue 39).

export type Status = "idle" | "submitting" | "success" | "error";

/** The question shown when a form is sent sooner after it opened than a person could have filled it in. */
export interface HumanCheckState {
  shown: boolean;
  answer: string;
  wrong: boolean;
}

export interface QuoteFormSettings {
  variant: FormVariant;
  slot: SourceSlot;
  endpoint?: string;
  preview?: boolean;
  lang: QuoteLanguage;
  /** The field errors' words, in the page's language. */
  messages: QuoteMessages;
}

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

/** The form's state and what changes it; `formRef` goes on the form element. */
export function useQuoteForm({ variant, slot, endpoint, preview, lang, messages }: QuoteFormSettings) {
  const [fields, setFields] = useState<QuoteFields>(emptyQuoteFields);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>("idle");
  const [humanCheck, setHumanCheck] = useState<HumanCheckState>({ shown: false, answer: "", wrong: false });
  const [ready, setReady] = useState(false);
  const openedAt = useRef(0);
  const verified = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const id = (name: string) => quoteFieldId(slot, name);
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
    // Submitting a preview's form (Enter in a field) does nothing but point at the notice.
    if (preview) return focusField(id("preview-notice"));
    if (status === "submitting" || status === "success") return;
    if (fields.company) return; // Only bots fill the hidden field: do nothing, say nothing.
    const visible = variant === "compact" ? { ...fields, ...hiddenInCompact } : fields;
    const found = validateQuote(visible, messages);
    setErrors(found);
    const firstInvalid = Object.keys(found)[0];
    if (firstInvalid) {
      focusField(firstInvalid === "urgency" || firstInvalid === "mobility" ? `${id(firstInvalid)}-0` : id(firstInvalid));
      return;
    }
    if (!verified.current && Date.now() - openedAt.current < BOT_DELAY_MS) {
      setHumanCheck({ shown: true, answer: "", wrong: false });
      setTimeout(() => focusField(id("human-check")));
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

  function verify() {
    if (Number(humanCheck.answer) === HUMAN_CHECK_ANSWER) {
      verified.current = true;
      setHumanCheck({ shown: false, answer: "", wrong: false });
      void submit();
    } else {
      setHumanCheck({ ...humanCheck, wrong: true });
      focusField(id("human-check"));
    }
  }

  /** The bot check's answer as the visitor types it. */
  function answer(value: string) {
    setHumanCheck({ ...humanCheck, answer: value, wrong: false });
  }

  return { fields, errors, status, humanCheck, basePath, formRef, update, submit, verify, answer };
}

// --- internal ---

const hiddenInCompact = Object.fromEntries(
  COMPACT_HIDDEN_FIELDS.map((name) => [name, emptyQuoteFields()[name]]),
) as Partial<QuoteFields>;
