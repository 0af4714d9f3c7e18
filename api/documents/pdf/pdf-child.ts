/**
 * The PDF process's own side (./apart.ts): builds each PDF it is sent and answers with its bytes.
 */
import { serveApart } from '../../apart/child.ts';
import { PDF_BUILDERS, type PdfRequest } from './builders.ts';

serveApart(({ kind, args }: PdfRequest) => (PDF_BUILDERS[kind] as (...a: typeof args) => Promise<Uint8Array>)(...args));
