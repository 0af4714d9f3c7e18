/**
 * The odometer's OCR in a process of its own, niced OCR_NICE below the server (issue 22, item 5; the
 * mechanism is ../apart/parent.ts). Reading one photo (./ocr.ts) is pixel work in JavaScript that held the
 * server's event loop 100 to 170 ms a photo, plus tesseract's thread: with a few photos at once /api/health
 * waited over 500 ms. The process ends OCR_IDLE_MS after the last photo, and tesseract's model and
 * WebAssembly heap go with it; the next photo starts it again (about a second).
 */
import { processApart } from '../apart/parent.ts';
import type { OcrReadings } from './ocr.ts';

/** This much below the server's own priority, so a burst of photos waits for the cores rather than the API's answers. */
const OCR_NICE = 10;
/** Quiet this long, the process ends and its memory goes back to the system. */
const OCR_IDLE_MS = 30_000;

const ocr = processApart<Uint8Array, OcrReadings>({ name: 'OCR', module: new URL('./ocr-child.ts', import.meta.url), nice: OCR_NICE, idleMs: OCR_IDLE_MS });

/** Both OCR passes over the normalised photo (./ocr.ts readDigits), in the OCR process. */
export const readDigitsApart = (photo: Uint8Array): Promise<OcrReadings> => ocr.run(photo);

/** The OCR process's id while it runs, else null. */
export const ocrProcessId = (): number | null => ocr.pid();

/** Ends the OCR process (shutdown, end of tests, OCR_IDLE_MS of quiet); the next reading starts another. */
export const closeOcrProcess = (): Promise<void> => ocr.close();
