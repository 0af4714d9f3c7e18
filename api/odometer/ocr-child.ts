/**
 * The OCR process's own side (./ocr-process.ts): reads each photo it is sent and answers with the readings.
 */
import { serveApart } from '../apart/child.ts';
import { closeOcr, readDigits } from './ocr.ts';

serveApart(readDigits, closeOcr);
