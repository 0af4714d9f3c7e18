/**
 * The PDF process's own side (./apart.ts): builds each PDF it is sent and answers with its bytes.
 * native-deflate.ts comes first: it must be in place before pdf-lib (through ./builders.ts) is loaded.
 */
import './native-deflate.ts';
import { serveApart } from '../../apart/child.ts';
import { PDF_BUILDERS, type PdfRequest } from './builders.ts';

serveApart(({ kind, args }: PdfRequest) => (PDF_BUILDERS[kind] as (...a: typeof args) => Promise<Uint8Array>)(...args));
