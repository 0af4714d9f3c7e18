/**
 * Text for the standard PDF fonts. The standard 14 fonts (Helvetica here) are encoded in WinAnsi, and
 * pdf-lib throws on any character outside it; a name such as 'Łukasz' or a pasted emoji must never make
 * a policy's documents fail. Embedding a Unicode font instead would add hundreds of kilobytes to every
 * document for the rare name that needs it, so names keep their letters where WinAnsi has them
 * ('Zoë', 'O’Brien', 'Müller'), lose only their accents where it does not ('Łukasz' -> 'Lukasz',
 * 'Dvořák' -> 'Dvorák'), and anything else prints as '?'.
 */

/** WinAnsi's 0x80-0x9F block: the characters it has beyond Latin-1 (PDF 32000-1, annex D.2). */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Letters that Unicode does not decompose into a base letter and a mark. */
const LATIN_FALLBACKS: Readonly<Record<string, string>> = {
  Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŀ: 'L', ŀ: 'l', Ŋ: 'N', ŋ: 'n', ĸ: 'k', ſ: 's',
  Ŧ: 'T', ŧ: 't', Ə: 'E', ə: 'e', Ǝ: 'E', ǝ: 'e',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2212': '-', '\u2032': "'", '\u2033': '"',
};

const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;
const ODD_SPACE = /[\s\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;
const COMBINING_MARK = /\p{M}/gu;

export function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
}

function toWinAnsiChar(char: string): string {
  if (isWinAnsi(char)) return char;
  const bare = char.normalize('NFD').replace(COMBINING_MARK, '');
  if (bare !== '' && [...bare].every(isWinAnsi)) return bare;
  return LATIN_FALLBACKS[char] ?? '?';
}

/** Text the standard fonts can print: every space a plain space, every character in WinAnsi. */
export function toWinAnsi(text: string): string {
  const flat = text.normalize('NFC').replace(INVISIBLE, '').replace(ODD_SPACE, ' ');
  return Array.from(flat, toWinAnsiChar).join('');
}
