import { describe, expect, it } from "vitest";
import { enableAnalytics } from "../../../client/analytics";

/** Just enough of a page for enableAnalytics: the <html> data attribute, <head>, and window listeners. */
function fakePage(measurementId?: string) {
  const appended: { src: string; async: boolean }[] = [];
  const listeners = new Map<string, () => void>();
  const document = {
    documentElement: { dataset: measurementId ? { analyticsId: measurementId } : {} },
    head: { append: (script: { src: string; async: boolean }) => appended.push(script) },
    createElement: () => ({ src: "", async: false }),
  } as unknown as Document;
  const window = {
    addEventListener: (type: string, listener: () => void) => void listeners.set(type, listener),
    removeEventListener: (type: string) => void listeners.delete(type),
  } as unknown as { addEventListener: Window["addEventListener"]; removeEventListener: Window["removeEventListener"]; dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };
  return { document, window, appended, listeners };
}

describe("analytics", () => {
  it("is off without a measurement id: no gtag, no script", () => {
    const page = fakePage();
    enableAnalytics(page.document, page.window);
    expect(page.window.gtag).toBeUndefined();
    expect(page.listeners.size).toBe(0);
  });

  it("queues events at once but loads Google's script only after the first interaction", () => {
    const page = fakePage("G-TEST123");
    enableAnalytics(page.document, page.window);
    page.window.gtag!("event", "quote_submitted", { urgency: "Today" });
    expect(page.window.dataLayer!.map((args) => Array.from(args as ArrayLike<unknown>)[0])).toEqual(["js", "config", "event"]);
    expect(page.appended).toEqual([]);
    page.listeners.get("pointerdown")!();
    expect(page.appended).toEqual([{ src: "https://www.googletagmanager.com/gtag/js?id=G-TEST123", async: true }]);
    expect(page.listeners.size).toBe(0);
  });
});
