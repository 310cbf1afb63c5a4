// A process of its own that draws share cards for the card drawer (card-drawer.ts), as they come: takumi renders on
// threads of its own, so the next card is laid out while the last one is encoded. Ended by the drawer after a few
// thousand cards, which gives back the native memory the renderer held.
import type { DrawReply, DrawRequest } from "./card-drawer";

// The card code to draw with: the module named by the drawer (the dev server's, bundled again after an edit of the
// card's template: card-code.ts), else this process's own. Its renderer and fonts load as the process starts, while
// the build that started it goes on; a failure to load is the first card's to report.
const code: Promise<typeof import("./share-card")> = process.argv[2] === undefined ? import("./share-card") : import(process.argv[2]);
code.then((drawing) => drawing.startDrawing()).catch(() => {});

process.on("message", ({ id, card }: DrawRequest) => {
  code
    .then((drawing) => drawing.drawShareCard(card))
    .then(
      (png) => send({ id, ok: true, png }),
      (error: unknown) => send({ id, ok: false, message: error instanceof Error ? error.message : String(error) }),
    );
});

function send(reply: DrawReply): void {
  process.send!(reply);
}
