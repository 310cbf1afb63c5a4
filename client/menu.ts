// The header menu, in plain DOM code so that pages without a form load only a few hundred bytes.
// Without JavaScript the "Menu" link leads to the footer navigation and the dropdowns are plain <details>.

/** Turns the Menu link into a toggle for the main navigation and keeps one dropdown open at a time. */
export function enableMenu(document: Document): void {
  const link = document.querySelector<HTMLAnchorElement>("a[data-menu-toggle]");
  const nav = document.getElementById("site-nav");
  if (!link || !nav) return;

  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = link.className;
  toggle.textContent = link.textContent;
  toggle.setAttribute("aria-controls", "site-nav");
  toggle.setAttribute("aria-expanded", "false");
  link.replaceWith(toggle);

  const groups = [...nav.querySelectorAll("details")];
  const setOpen = (open: boolean) => {
    nav.classList.toggle("is-open", open);
    toggle.setAttribute("aria-expanded", String(open));
    if (!open) for (const group of groups) group.open = false;
  };
  toggle.addEventListener("click", () => setOpen(toggle.getAttribute("aria-expanded") !== "true"));

  // One dropdown at a time (the `name` attribute does this too where browsers support it).
  for (const group of groups) {
    group.addEventListener("toggle", () => {
      if (group.open) for (const other of groups) if (other !== group) other.open = false;
    });
  }
  // Choosing an item closes the dropdown and the menu.
  nav.addEventListener("click", (event) => {
    if ((event.target as Element).closest("a")) setOpen(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const open = groups.find((group) => group.open);
    if (open) {
      open.open = false;
      open.querySelector("summary")?.focus();
    } else if (nav.classList.contains("is-open")) {
      setOpen(false);
      toggle.focus();
    }
  });
  document.addEventListener("click", (event) => {
    for (const group of groups) if (group.open && !group.contains(event.target as Node)) group.open = false;
  });
}
