/**
 * The PDFs are built in a process of their own, niced below the server (../../apart/parent.ts). A policy's
 * documents took about 250 ms of JavaScript (layout, font subsetting, deflate) on the server's thread, a
 * quarter of a second in which no other request was answered, at every purchase, change and renewal; and
 * the fonts stayed in the server's memory. The process ends PDF_IDLE_MS after its last PDF.
 */
import { processApart } from '../../apart/parent.ts';
import type { PdfBuilders, PdfKind, PdfRequest } from './builders.ts';
import { DocumentMismatchError } from './document-mismatch.ts';

/** Below the server: a PDF is off the answer's path (the documents job), or one request's own wait (signing). */
const PDF_NICE = 5;
const PDF_IDLE_MS = 30_000;

const pdfProcess = processApart<PdfRequest, Uint8Array>({
  name: 'PDF',
  module: new URL('./pdf-child.ts', import.meta.url),
  nice: PDF_NICE,
  idleMs: PDF_IDLE_MS,
  revive: (error) => (error.name === 'DocumentMismatchError' ? new DocumentMismatchError() : undefined),
});

/** The PDF `kind`'s builder (./builders.ts) run with `args` in the PDF process. */
export function buildPdf<K extends PdfKind>(kind: K, ...args: Parameters<PdfBuilders[K]>): Promise<Uint8Array> {
  return pdfProcess.run({ kind, args } as PdfRequest);
}

/** The PDF process's id while it runs, else null. */
export const pdfProcessId = (): number | null => pdfProcess.pid();

/** Ends the PDF process (shutdown, end of tests); the next PDF starts another. */
export const closePdfProcess = (): Promise<void> => pdfProcess.close();
