/**
 * The OCR process's own side (./ocr-process.ts): reads each photo it is sent and answers with both readers' digits.
 */
import { serveApart } from '../apart/child.ts';
import { closeReader, readOdometerDigits } from './reader/reader.ts';

serveApart(readOdometerDigits, closeReader);
