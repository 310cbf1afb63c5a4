// A process of its own that draws share cards for the card drawer (card-drawer.ts), as they come: takumi renders on
// threads of its own, so the next card is laid out while the last one is encoded. Ended by the drawer after a few
// thousand cards, which gives back the native memory the renderer held.
import { drawShareCard } from "./share-card";
import type { DrawReply, DrawRequest } from "./card-drawer";

process.on("message", ({ id, card }: DrawRequest) => {
  drawShareCard(card).then(
    (png) => send({ id, ok: true, png }),
    (error: unknown) => send({ id, ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
});

function send(reply: DrawReply): void {
  process.send!(reply);
}
