import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DOCUMENT_DESCRIPTIONS, type PolicyDocument } from '../../../contract/api/documents.ts';
import { documentsView, failureKind, qrImageUrl, tokenFromPath, usDate } from './documents-logic.ts';

const doc = (description: string, dateCreated: string, fileUrl = `/api/documents/files/${dateCreated}`): PolicyDocument => ({
  fileDescription: description,
  fileUrl,
  dateCreated,
});

const CARD_OLD = doc(DOCUMENT_DESCRIPTIONS.card, '2025-03-01');
const CARD_NEW = doc(DOCUMENT_DESCRIPTIONS.card, '2025-03-20');
const DECLARATION = doc(DOCUMENT_DESCRIPTIONS.declaration, '2025-03-20');
const SIGNED = doc(DOCUMENT_DESCRIPTIONS['signed-application'], '2025-03-21');
const ESIGN = doc(DOCUMENT_DESCRIPTIONS.esignature, '2025-03-01', '/account/sign?token=e');
const ODOMETER = doc(DOCUMENT_DESCRIPTIONS.odometer, '2025-03-01', '/odometer?token=o');

test('documents mode: the newest of each kind, in tile order, whatever order the list comes in', () => {
  assert.deepEqual(documentsView([DECLARATION, CARD_NEW, CARD_OLD]), {
    mode: 'documents',
    files: [
      { kind: 'card', document: CARD_NEW },
      { kind: 'declaration', document: DECLARATION },
    ],
  });
  assert.deepEqual(documentsView([SIGNED, CARD_OLD, DECLARATION]), {
    mode: 'documents',
    files: [
      { kind: 'card', document: CARD_OLD },
      { kind: 'declaration', document: DECLARATION },
      { kind: 'signed-application', document: SIGNED },
    ],
  });
});

test('onboarding mode: an open e-sign or odometer request, with the PDFs already there', () => {
  assert.deepEqual(documentsView([CARD_NEW, ESIGN, ODOMETER]), {
    mode: 'onboarding',
    esign: ESIGN,
    odometer: ODOMETER,
    files: [{ kind: 'card', document: CARD_NEW }],
  });
  // signed already, the odometer photo still wanted
  assert.deepEqual(documentsView([ODOMETER, SIGNED]), {
    mode: 'onboarding',
    esign: undefined,
    odometer: ODOMETER,
    files: [{ kind: 'signed-application', document: SIGNED }],
  });
});

test("none: an empty list, or one with no kind the page knows, is the expired state", () => {
  assert.deepEqual(documentsView([]), { mode: 'none' });
  assert.deepEqual(documentsView([doc('Welcome letter', '2025-03-01')]), { mode: 'none' });
});

test('the token is the last segment of /account/documents/{token}, decoded; the bare page has none', () => {
  assert.equal(tokenFromPath('/account/documents/abcDEF123_-.~'), 'abcDEF123_-.~');
  assert.equal(tokenFromPath('/account/documents/abc%2Bdef/'), 'abc+def');
  assert.equal(tokenFromPath('/account/documents'), null);
  assert.equal(tokenFromPath('/account/documents/'), null);
  assert.equal(tokenFromPath('/account/documents/a/b'), null);
  assert.equal(tokenFromPath('/account/documents/%E0%A4%A'), null);
});

test("a failed list: a 4xx is the link ('link has expired'); no answer or a 5xx is ours ('unable to locate')", () => {
  for (const status of [400, 401, 404, 410, 429]) assert.equal(failureKind(status), 'expired', String(status));
  for (const status of [0, 200, 500, 502, 503]) assert.equal(failureKind(status), 'unavailable', String(status));
});

test('dates show as MM/DD/YYYY, with or without the fixed 12:00:00 UTC time', () => {
  assert.equal(usDate('2025-03-27'), '03/27/2025');
  assert.equal(usDate('2025-03-27T12:00:00.000Z'), '03/27/2025');
  assert.equal(usDate('2025-03-27 12:00:00'), '03/27/2025');
  assert.equal(usDate('soon'), '');
});

test('the QR code is a data: SVG image of the address', () => {
  const url = qrImageUrl('https://brand.test/odometer?token=abc');
  assert.match(url, /^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
  const svg = decodeURIComponent(url.slice(url.indexOf(',') + 1));
  assert.match(svg, /<svg[^>]*viewBox="0 0 \d+ \d+"/);
  assert.notEqual(qrImageUrl('https://brand.test/odometer?token=abd'), url, 'another address, another code');
});
