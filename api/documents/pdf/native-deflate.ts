/**
 * pdf-lib compresses every stream it writes (page contents, font subsets) with pako's deflate, zlib written in
 * JavaScript: about a fifth of a PDF's CPU (issue 25's profile of the documents). In the PDF process
 * (./pdf-child.ts imports this module first) its `pako` is this module instead: node:zlib's deflateSync, the
 * same zlib format (FlateDecode, the same default level) made natively. Measured: each PDF 15% faster, the
 * process's CPU 18% less. pdf-lib calls nothing of pako but `deflate`, and gets ./remembered-deflate.ts's, which
 * deflates a large stream seen before only once.
 *
 * A resolve hook (node:module registerHooks), not a change to pdf-lib or to pako's module object: it applies
 * to the pdf-lib this process loads from now on, and nowhere else.
 */
import { registerHooks } from 'node:module';

export { deflate } from './remembered-deflate.ts';

const SELF = import.meta.url;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'pako' && context.parentURL?.includes('/node_modules/pdf-lib/')) return { url: SELF, shortCircuit: true };
    return nextResolve(specifier, context);
  },
});
