import { useEffect, useRef } from "react";
import type { QuoteMessages } from "../../messages/quote-words";
import type { Status } from "./use-quote-form";

/**
 * What became of the request, where assistive technology hears it: the confirmation in a status region, a failure
 * in an alert. The confirmation is where the eye is (issue 40): focus moves to it, which brings it into the visible
 * part of the dialog or page, and the region around it announces it.
 */
export function FormStatus({ status, messages }: { status: Status; messages: QuoteMessages }) {
  const successRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (status !== "success") return;
    successRef.current?.focus({ preventScroll: true });
    successRef.current?.scrollIntoView({ block: "nearest" });
  }, [status]);
  return (
    <>
      <div className="form-status" role="status" aria-live="polite">
        {status === "success" && (
          <div className="form-success" ref={successRef} tabIndex={-1}>
            <p>
              <strong>{messages.success}</strong>
            </p>
            <p>{messages.redirecting}</p>
          </div>
        )}
      </div>
      <div role="alert">{status === "error" && <p className="form-failure">{messages.failure}</p>}</div>
    </>
  );
}
