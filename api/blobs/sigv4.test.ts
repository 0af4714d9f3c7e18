import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sha256Hex } from '../hash.ts';
import { canonicalRequest, EMPTY_PAYLOAD_SHA256, signRequest, type SignRequestInput } from './sigv4.ts';

/**
 * The examples of AWS's Amazon S3 API reference, "Signature Calculations for the Authorization Header:
 * Transferring Payload in a Single Chunk" (sig-v4-header-based-auth): AWS's example credentials, bucket
 * examplebucket, 24 May 2013 at midnight UTC, us-east-1. The canonical-request hashes are the last line of
 * the page's StringToSign, so a failure says which half of the signing is wrong.
 */
const AWS_EXAMPLE = {
  region: 'us-east-1',
  service: 's3',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  now: new Date('2013-05-24T00:00:00Z'),
};
const HOST = 'examplebucket.s3.amazonaws.com';

const signatureOf = (input: SignRequestInput) => /Signature=([0-9a-f]{64})$/.exec(signRequest(input).authorization)?.[1];

describe('signRequest reproduces AWS\'s published S3 examples', () => {
  test('GET Object with a Range header', () => {
    const input = { ...AWS_EXAMPLE, method: 'GET', url: `https://${HOST}/test.txt`, headers: { Range: 'bytes=0-9' }, payloadSha256: EMPTY_PAYLOAD_SHA256 };
    const canonical = canonicalRequest(input);
    assert.equal(
      canonical.text,
      [
        'GET',
        '/test.txt',
        '',
        `host:${HOST}`,
        'range:bytes=0-9',
        'x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      ].join('\n'),
    );
    assert.equal(sha256Hex(canonical.text), '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972');
    assert.deepEqual(signRequest(input), {
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
      'x-amz-date': '20130524T000000Z',
      'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    });
  });

  test('PUT Object with a Date header, a storage class and a "$" in the key', () => {
    const payloadSha256 = sha256Hex('Welcome to Amazon S3.');
    assert.equal(payloadSha256, '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const headers = { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' };
    const input = { ...AWS_EXAMPLE, method: 'PUT', url: `https://${HOST}/test$file.text`, headers, payloadSha256 };
    const canonical = canonicalRequest(input);
    assert.equal(canonical.signedHeaders, 'date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class');
    assert.match(canonical.text, /^PUT\n\/test%24file\.text\n\ndate:Fri, 24 May 2013 00:00:00 GMT\n/);
    assert.equal(sha256Hex(canonical.text), '9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d');
    assert.equal(signatureOf(input), '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
    // The key already encoded signs the same: '%24' is encoded once, not twice.
    assert.equal(signatureOf({ ...input, url: `https://${HOST}/test%24file.text` }), '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  test('GET Bucket lifecycle and GET Bucket (list objects): a bare parameter, and parameters sorted by name', () => {
    const get = (query: string) => ({ ...AWS_EXAMPLE, method: 'GET', url: `https://${HOST}/${query}`, headers: {}, payloadSha256: EMPTY_PAYLOAD_SHA256 });
    assert.equal(signatureOf(get('?lifecycle')), 'fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543');
    assert.equal(signatureOf(get('?prefix=J&max-keys=2')), '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });
});

describe('canonicalRequest', () => {
  const base = { method: 'put', headers: {}, payloadSha256: EMPTY_PAYLOAD_SHA256, now: new Date('2026-03-01T09:30:12.345Z') };

  test('the host keeps a non-default port, as fetch sends it; the date drops its milliseconds', () => {
    const { text } = canonicalRequest({ ...base, url: 'http://127.0.0.1:9000/blobs/policies/1/a.pdf' });
    assert.match(text, /^PUT\n\/blobs\/policies\/1\/a\.pdf\n\nhost:127\.0\.0\.1:9000\n/);
    assert.match(text, /\nx-amz-date:20260301T093012Z\n/);
    assert.doesNotMatch(canonicalRequest({ ...base, url: 'https://s3.example:443/b/k' }).text, /host:s3\.example:443/);
  });

  test('header names in lower case, values trimmed with inner runs of spaces made one', () => {
    const { text, signedHeaders } = canonicalRequest({ ...base, url: 'https://s3.example/b/k', headers: { 'Content-Type': '  application/pdf ', 'X-Amz-Meta-Note': 'a   b\tc' } });
    assert.equal(signedHeaders, 'content-type;host;x-amz-content-sha256;x-amz-date;x-amz-meta-note');
    assert.match(text, /\ncontent-type:application\/pdf\n/);
    assert.match(text, /\nx-amz-meta-note:a b c\n/);
  });

  test('query names and values encoded the S3 way: a plus stays a plus, a space is %20, sorted by code point', () => {
    const { text } = canonicalRequest({ ...base, url: "https://s3.example/b/?b=x+y&a=it's&B=1&a=%20" });
    assert.equal(text.split('\n')[2], 'B=1&a=%20&a=it%27s&b=x%2By');
  });
});
