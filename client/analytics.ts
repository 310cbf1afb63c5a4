// Google Analytics, only when data/site.yaml sets analytics.measurementId. Nothing loads with the page: gtag()
// queues events at once (so a quote_submitted event is never lost), and Google's script is fetched only after the
// visitor first interacts with the page. Without the setting there is no gtag, and the quote form sends no event.

type AnalyticsWindow = Pick<Window, "addEventListener" | "removeEventListener"> & {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
};

const interactions = ["pointerdown", "keydown", "scroll", "touchstart"] as const;

/** Sets up gtag for the measurement id on <html data-analytics-id>, and loads Google's script on first interaction. */
export function enableAnalytics(document: Document, window: AnalyticsWindow): void {
  const id = document.documentElement.dataset.analyticsId;
  if (!id) return;
  const dataLayer = (window.dataLayer ??= []);
  window.gtag = function gtag() {
    // gtag.js reads the arguments object itself, as Google's snippet pushes it.
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  window.gtag("js", new Date());
  window.gtag("config", id);
  const load = () => {
    for (const type of interactions) window.removeEventListener(type, load);
    const script = document.createElement("script");
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
    document.head.append(script);
  };
  for (const type of interactions) window.addEventListener(type, load, { once: true, passive: true });
}
