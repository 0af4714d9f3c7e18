/**
 * The odometer's reader in a process of its own, niced OCR_NICE below the server (issue 22, item 5; the
 * mechanism is ../apart/parent.ts). Reading one photo (./reader/reader.ts) decodes it and runs three nets
 * on the CPU: in the server's own process a few photos at once would hold /api/health back. The process
 * ends OCR_IDLE_MS after the last photo, and onnxruntime's memory goes with it; the next photo starts it
 * again (a few hundred milliseconds).
 */
import { processApart } from '../apart/parent.ts';
import type { DigitReadings } from './reader/reader.ts';

/** This much below the server's own priority, so a burst of photos waits for the cores rather than the API's answers. */
const OCR_NICE = 10;
/** Quiet this long, the process ends and its memory goes back to the system. */
const OCR_IDLE_MS = 30_000;

const ocr = processApart<Uint8Array, DigitReadings>({ name: 'OCR', module: new URL('./ocr-child.ts', import.meta.url), nice: OCR_NICE, idleMs: OCR_IDLE_MS });

/** Both readers over the kept photo or crop (./reader/reader.ts readOdometerDigits), in the OCR process. */
export const readDigitsApart = (photo: Uint8Array): Promise<DigitReadings> => ocr.run(photo);

/** The OCR process's id while it runs, else null. */
export const ocrProcessId = (): number | null => ocr.pid();

/** Ends the OCR process (shutdown, end of tests, OCR_IDLE_MS of quiet); the next reading starts another. */
export const closeOcrProcess = (): Promise<void> => ocr.close();
