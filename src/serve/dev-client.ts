// The script `serve --watch` adds to every HTML page it sends (never written into dist/): it reloads the page when
// the site changes, and shows a rebuild's problem over the page until it is fixed. Bundled for the browser by
// src/serve/dev-client-bundle.ts; it imports nothing. The message is the editor's own text, so it is only ever set as textContent.

const overlayId = "flightsite-dev-problem";

const source = new EventSource("/__flightsite/events");
source.addEventListener("reload", () => location.reload());
source.addEventListener("problem", (event) => showProblem((JSON.parse((event as MessageEvent<string>).data) as { message: string }).message));
source.addEventListener("ok", () => document.getElementById(overlayId)?.remove());

function showProblem(message: string): void {
  document.getElementById(overlayId)?.remove();
  const overlay = document.createElement("section");
  overlay.id = overlayId;
  overlay.setAttribute("role", "alert");
  overlay.setAttribute("aria-labelledby", `${overlayId}-heading`);
  Object.assign(overlay.style, {
    position: "fixed",
    inset: "auto 0 0 0",
    maxHeight: "70vh",
    overflow: "auto",
    zIndex: "2147483647",
    padding: "1rem 1.25rem",
    background: "#fff8f6",
    color: "#3b0d0c",
    borderTop: "4px solid #b3261e",
    boxShadow: "0 -4px 16px rgba(0, 0, 0, 0.25)",
    font: "16px/1.5 system-ui, sans-serif",
  });

  const heading = document.createElement("h2");
  heading.id = `${overlayId}-heading`;
  heading.textContent = "The site could not be rebuilt";
  Object.assign(heading.style, { margin: "0 0 0.5rem", fontSize: "1.125rem" });

  const details = document.createElement("pre");
  details.textContent = message;
  Object.assign(details.style, { margin: "0 0 0.5rem", whiteSpace: "pre-wrap", font: "14px/1.5 ui-monospace, monospace" });

  const note = document.createElement("p");
  note.textContent = "This page is the last good build. Fix the file and save it; this message goes away by itself.";
  note.style.margin = "0 0 0.5rem";

  const hide = document.createElement("button");
  hide.type = "button";
  hide.textContent = "Hide this message";
  hide.addEventListener("click", () => overlay.remove());

  overlay.append(heading, details, note, hide);
  document.body.append(overlay);
}
