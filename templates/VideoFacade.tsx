import type { Lang } from "../src/content/language";
import { Icon } from "./Icon";
import { textFor } from "./text";

export interface VideoFacadeProps {
  videoId: string;
  title: string;
  lang?: Lang;
}

/**
 * A click-to-load video: nothing from YouTube loads with the page. The client script swaps in a
 * youtube-nocookie iframe on click; without JavaScript the link simply opens the video on YouTube.
 */
export function VideoFacade({ videoId, title, lang = "en" }: VideoFacadeProps) {
  const words = textFor(lang).video;
  return (
    <div className="video-facade" data-video-id={videoId} data-video-title={title}>
      <a className="video-link" href={`https://www.youtube.com/watch?v=${videoId}`}>
        <span className="video-play">
          <Icon name="play" size={40} />
        </span>
        <span className="video-label">{words.play(title)}</span>
        <span className="video-note">{words.note}</span>
      </a>
    </div>
  );
}
