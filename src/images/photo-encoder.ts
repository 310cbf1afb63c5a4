// A process of its own that encodes photos for the photo stage (photo-processes.ts), one message at a time: libvips
// and its encoders leave native memory behind them in glibc's arenas, which only the end of a process gives back, so
// the stage ends each such process after a few dozen photos.
import { encodePhoto } from "./photos";
import type { EncodeReply, EncodeRequest } from "./photo-processes";

process.on("message", (request: EncodeRequest) => {
  encodePhoto(request.source, request.src, request.slot, request.key).then(
    ({ photo, files }) => send({ ok: true, photo, files: [...files] }),
    (error: unknown) => send({ ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
});

function send(reply: EncodeReply): void {
  process.send!(reply);
}
