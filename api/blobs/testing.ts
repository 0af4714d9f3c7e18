/** What the blob stores' tests share. */

/** A PDF-like body holding every byte value, so no encoding on the way can pass unnoticed. */
export const PDF_LIKE = new Uint8Array([...Buffer.from('%PDF-1.7\n'), ...Array.from({ length: 256 }, (_, byte) => byte), ...Buffer.from('\n%%EOF\n')]);

/** Keys no store may take: each would climb out of the root, hide a file, or mean two things. */
export const REFUSED_KEYS = ['', '../x', 'a/../b', '/abs', 'a//b', 'a/', 'a\\b', '.hidden', 'a/./b', 'a b', 'naïve.pdf', 'a?b', 'x'.repeat(201)];
