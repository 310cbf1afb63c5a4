import type { ShareCard as ShareCardContent } from "../src/content/types";

export interface ShareCardProps {
  card: ShareCardContent;
}

/** The card's size: what Facebook, LinkedIn, X and messaging apps show a link's picture at. */
export const shareCardSize = { width: 1200, height: 630 } as const;

/**
 * Where the card's parts are, in pixels: the margin left empty on every side, and the box the title is held in, with
 * the empty band between it and the phone number. The tests scan these for stray text.
 */
export const shareCardLayout = { margin: 64, companyHeight: 56, titleTop: 120, titleHeight: 320, gap: 32 } as const;

/** The site's colours (templates/styles/site.css): --brand, --paper, --tint, --call. */
export const shareCardColours = { background: "#0b4f6c", title: "#ffffff", company: "#f1f6f9", call: "#1b6e3a" } as const;

/**
 * A page's share card, drawn by satori (src/images/share-card.ts) rather than a browser: inline styles only, and
 * every element with more than one child a flexbox. A long title gets a smaller size and is cut after as many lines as
 * its box holds, so that no title, however long, reaches the margin or the phone number.
 */
export function ShareCard({ card }: ShareCardProps) {
  const { margin, companyHeight, titleHeight, gap } = shareCardLayout;
  const size = titleSize(card.title);
  return (
    <div
      style={{
        ...shareCardSize,
        boxSizing: "border-box",
        display: "flex",
        flexDirection: "column",
        padding: margin,
        backgroundColor: shareCardColours.background,
        fontFamily: "Atkinson Hyperlegible",
      }}
    >
      <div style={{ display: "flex", height: companyHeight, fontSize: 36, fontWeight: 700, color: shareCardColours.company }}>{card.companyName}</div>
      <div style={{ display: "flex", height: titleHeight, alignItems: "center" }}>
        <div
          style={{
            width: shareCardSize.width - 2 * margin,
            fontSize: size,
            fontWeight: 700,
            lineHeight: lineHeight,
            color: shareCardColours.title,
            // A word longer than the line (a long compound, a URL) breaks rather than running off the card.
            wordBreak: "break-word",
            lineClamp: Math.floor(titleHeight / (size * lineHeight)),
          }}
        >
          {card.title}
        </div>
      </div>
      <div style={{ display: "flex", marginTop: gap }}>
        <div style={{ display: "flex", padding: "12px 28px", borderRadius: 12, backgroundColor: shareCardColours.call, color: "#ffffff", fontSize: 40, fontWeight: 700 }}>
          {`${card.call} ${card.phone}`}
        </div>
      </div>
    </div>
  );
}

// --- internal ---

const lineHeight = 1.15;

/** The title's font size: large for a short title, smaller as it grows (a Spanish title runs a third longer). */
function titleSize(title: string): number {
  if (title.length <= 36) return 80;
  if (title.length <= 64) return 68;
  if (title.length <= 100) return 56;
  return 48;
}
