import { Icon } from "./Icon";

export interface VideoFacadeProps {
  videoId: string;
  title: string;
}

/**
 * A click-to-load video: nothing from YouTube loads with the page. The client script swaps in a
 * youtube-nocookie iframe on click; without JavaScript the link simply opens the video on YouTube.
 */
export function VideoFacade({ videoId, title }: VideoFacadeProps) {
  return (
    <div className="video-facade" data-video-id={videoId} data-video-title={title}>
      <a className="video-link" href={`https://www.youtube.com/watch?v=${videoId}`}>
        <span className="video-play">
          <Icon name="play" size={40} />
        </span>
        <span className="video-label">Play video: {title}</span>
        <span className="video-note">The video loads from YouTube only when you choose to play it.</span>
      </a>
    </div>
  );
}
