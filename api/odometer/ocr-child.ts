/**
 * The OCR process's own side (./ocr-process.ts): reads each photo it is sent and answers with the readings,
 * one message each way; ends when the server disconnects (or is gone).
 */
import { closeOcr, readDigits } from './ocr.ts';
import type { OcrReply, OcrRequest } from './ocr-process.ts';

const reply = (message: OcrReply) => process.send?.(message);

process.on('message', (request: OcrRequest) => {
  readDigits(request.photo).then(
    (readings) => reply({ id: request.id, readings }),
    (error: unknown) => reply({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});

process.once('disconnect', () => {
  void closeOcr().finally(() => process.exit(0));
});
