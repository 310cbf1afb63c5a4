/** Swaps each click-to-load video link for a youtube-nocookie player when the visitor asks for it. */
export function enableVideoFacades(root: ParentNode): void {
  for (const facade of root.querySelectorAll<HTMLElement>(".video-facade[data-video-id]")) {
    facade.querySelector("a")?.addEventListener("click", (event) => {
      event.preventDefault();
      const iframe = document.createElement("iframe");
      iframe.src = `https://www.youtube-nocookie.com/embed/${encodeURIComponent(facade.dataset.videoId ?? "")}?autoplay=1`;
      iframe.title = facade.dataset.videoTitle ?? "Video";
      iframe.allow = "autoplay; encrypted-media; picture-in-picture";
      iframe.allowFullscreen = true;
      facade.replaceChildren(iframe);
      iframe.focus();
    });
  }
}
