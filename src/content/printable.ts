// The PDF downloads use the PDF standard fonts (Helvetica), which need no embedding and keep the files small,
// but can print only the characters of the WinAnsi encoding: Latin-1 plus curly quotes, dashes, the bullet,
// the ellipsis, the euro sign and a few more. Content checks this so an editor hears about an arrow or an
// emoji in a document when they build, not from a case manager holding a garbled printout.

const extras = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";

/** Whether the PDF standard fonts can print this character. */
export function isPrintable(character: string): boolean {
  const code = character.codePointAt(0)!;
  return character === "\n" || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || extras.includes(character);
}

/** The distinct characters of `text` that the PDF standard fonts cannot print, in order of appearance. */
export function unprintableCharacters(text: string): string[] {
  return [...new Set([...text].filter((character) => !isPrintable(character)))];
}
