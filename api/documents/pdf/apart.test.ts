/**
 * The PDFs in a process of their own (issue 22): the same documents as the builders make on the server's
 * own thread, from a process niced below the server, with a refusal that comes back as its own class.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { getPriority } from 'node:os';
import { sha256Hex } from '../../hash.ts';
import { buildPdf, closePdfProcess, pdfProcessId } from './apart.ts';
import { declarationsPdf } from './declarations.ts';
import { DocumentMismatchError } from './document-mismatch.ts';
import { pdfText, sampleApplication, sampleModel, sampleSignature } from './testing.ts';

after(() => closePdfProcess());

describe('the PDF process', () => {
  test("builds what the server's own thread builds, in a process niced below the server", async () => {
    const model = sampleModel({ namedInsured: { firstName: '李', lastName: 'Łukasz Nguyễn' } });
    const apart = await buildPdf('declarations', model);
    const here = await declarationsPdf(model);
    // the same document (the model, its Dates too, crossed whole), its streams compressed by node:zlib in the
    // PDF process (./native-deflate.ts) and by pako here: the same text, other bytes
    assert.deepEqual(await pdfText(apart), await pdfText(here));
    assert.notDeepEqual(apart, here, "the PDF process's deflate is node:zlib's, not pako's");
    assert.ok((await pdfText(apart)).join('\n').split('\n').includes('李 Łukasz Nguyễn'), 'the fallback font is in the process');
    const pid = pdfProcessId();
    assert.ok(pid !== null && pid !== process.pid);
    assert.equal(getPriority(pid), Math.min(19, getPriority() + 5), 'five below the server (the test may itself run niced)');
  });

  test('a signature made for other bytes is refused as DocumentMismatchError, and the process goes on', async () => {
    const application = await buildPdf('application', sampleApplication());
    await assert.rejects(buildPdf('signedApplication', application, sampleSignature('0'.repeat(64))), DocumentMismatchError);
    const signed = await buildPdf('signedApplication', application, sampleSignature(sha256Hex(application)));
    assert.match((await pdfText(signed)).at(-1)!, /Electronic signature audit trail/);
  });

  test('closePdfProcess ends it; the next PDF starts another', async () => {
    await buildPdf('idCard', sampleModel());
    const first = pdfProcessId()!;
    await closePdfProcess();
    assert.equal(pdfProcessId(), null);
    assert.throws(() => process.kill(first, 0), /ESRCH/, 'the process is gone');
    assert.ok((await buildPdf('idCard', sampleModel())).byteLength > 1000);
    assert.notEqual(pdfProcessId(), first);
  });
});
