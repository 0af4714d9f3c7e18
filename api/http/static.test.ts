import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { byteRange, chooseEncoding, isHashedAsset, safeResolve, siteCsp } from './static.ts';
import { WIZARD_STEP_PAGES } from '../../contract/reference/wizard.ts';
import { postJson, suiteApp, tempDir, testApp } from '../testing/harness.ts';
import type { Config } from '../config.ts';

const INLINE = "document.documentElement.dataset.js='1';";
const SECRET = 'TOP-SECRET-OUTSIDE-THE-ROOTS';
/** A script big enough to be worth compressing (over 1 KB). */
const BIG_SCRIPT = `export const rows = [${Array.from({ length: 200 }, (_, i) => `'row ${i}'`).join(', ')}];`;

function write(path: string, text: string) {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

describe('static serving', () => {
  let root: ReturnType<typeof tempDir>;
  let dirs: Pick<Config, 'siteDir' | 'embedDir' | 'demoDir'>;
  before(async () => {
    root = tempDir('ppm-static-');
    dirs = { siteDir: join(root.path, 'site'), embedDir: join(root.path, 'embed'), demoDir: join(root.path, 'demo') };
    write(join(root.path, 'secret.txt'), SECRET);
    write(join(dirs.siteDir, 'index.html'), `<!doctype html><title>Home</title><script>${INLINE}</script><script type="module" src="/_astro/app-Ab3dE9xZ.js"></script>`);
    write(join(dirs.siteDir, 'faq', 'index.html'), '<!doctype html><title>FAQ</title>');
    write(join(dirs.siteDir, 'receive-a-quote', 'index.html'), '<!doctype html><title>Receive a Quote</title>');
    write(join(dirs.siteDir, '404.html'), '<!doctype html><title>Page Not Found</title><h1>Page Not Found</h1>');
    write(join(dirs.siteDir, '_astro', 'app-Ab3dE9xZ.js'), 'export {};');
    write(join(dirs.siteDir, '_astro', 'big-Ab3dE9xZ.js'), BIG_SCRIPT);
    write(join(dirs.siteDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    write(join(dirs.siteDir, 'media', 'film.mp4'), '0123456789');
    write(join(dirs.embedDir, 'embed.js'), 'import("./notify-me-Ab3dE9xZ.js");');
    write(join(dirs.embedDir, 'notify-me-Ab3dE9xZ.js'), 'export {};');
    write(join(dirs.demoDir, 'index.html'), '<script type="module" src="http://localhost:4321/embed/embed.js"></script><ppm-notify-me api-base="http://localhost:4321/api"></ppm-notify-me>');
  });
  // after the folders above are written: its hooks run after those registered before it
  const { testDb, t } = suiteApp('pglite', () => ({ config: { ...dirs, publicOrigin: 'http://localhost:5555' } }));
  after(() => {
    root.remove();
  });

  test('a page is served with a CSP that allows its own inline script by hash, self and Stripe, nothing inline else', async () => {
    const res = await t.app.request('/');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type')!, /^text\/html; charset=utf-8/);
    assert.equal(res.headers.get('cache-control'), 'no-cache');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
    const csp = res.headers.get('content-security-policy')!;
    const hash = createHash('sha256').update(INLINE).digest('base64');
    assert.match(csp, new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}' https://js.stripe.com`));
    assert.match(csp, /frame-src https:\/\/js\.stripe\.com/);
    assert.doesNotMatch(csp, /script-src[^;]*unsafe-inline/);
    assert.match(await res.text(), /<title>Home<\/title>/);
  });

  test("directory-format pages answer with and without the trailing slash", async () => {
    for (const path of ['/faq', '/faq/', '/faq/index.html']) {
      const res = await t.app.request(path);
      assert.equal(res.status, 200, path);
      assert.match(await res.text(), /FAQ/);
    }
  });

  test('an unknown path answers the 404 page with status 404', async () => {
    const res = await t.app.request('/no-such-page');
    assert.equal(res.status, 404);
    assert.match(await res.text(), /Page Not Found/);
    assert.ok(res.headers.get('content-security-policy'));
  });

  test('hashed assets are immutable, other files short-lived; ETag revalidation answers 304; HEAD has no body', async () => {
    const asset = await t.app.request('/_astro/app-Ab3dE9xZ.js');
    assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.match(asset.headers.get('content-type')!, /javascript/);
    const icon = await t.app.request('/favicon.svg');
    assert.equal(icon.headers.get('cache-control'), 'public, max-age=3600');
    const etag = icon.headers.get('etag')!;
    const again = await t.app.request('/favicon.svg', { headers: { 'If-None-Match': etag } });
    assert.equal(again.status, 304);
    const head = await t.app.request('/faq', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
  });

  test('a video is served in byte ranges (seeking; Safari plays nothing without them): 206, 416, the whole file otherwise', async () => {
    const whole = await t.app.request('/media/film.mp4');
    assert.equal(whole.status, 200);
    assert.equal(whole.headers.get('accept-ranges'), 'bytes');
    assert.match(whole.headers.get('content-type')!, /^video\/mp4/);
    assert.equal(await whole.text(), '0123456789');
    const part = await t.app.request('/media/film.mp4', { headers: { Range: 'bytes=2-5' } });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-range'), 'bytes 2-5/10');
    assert.equal(await part.text(), '2345');
    const tail = await t.app.request('/media/film.mp4', { headers: { Range: 'bytes=-3' } });
    assert.equal(await tail.text(), '789');
    const past = await t.app.request('/media/film.mp4', { headers: { Range: 'bytes=10-' } });
    assert.equal(past.status, 416);
    assert.equal(past.headers.get('content-range'), 'bytes */10');
    const stale = await t.app.request('/media/film.mp4', { headers: { Range: 'bytes=2-5', 'If-Range': 'W/"old"' } });
    assert.equal(stale.status, 200, 'a weak validator in If-Range gets the whole file');
    assert.deepEqual(byteRange('bytes=0-', 10), { start: 0, end: 9 });
    assert.deepEqual(byteRange('bytes=4-99', 10), { start: 4, end: 9 });
    assert.equal(byteRange('bytes=5-2', 10), null, 'a malformed range is ignored');
    assert.equal(byteRange('bytes=0-1,4-5', 10), null, 'several ranges get the whole file');
    assert.equal(byteRange('items=0-1', 10), null);
    assert.equal(byteRange(undefined, 10), null);
  });

  test('path traversal is impossible, however the path is spelt', async () => {
    const attempts = [
      '/../secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/faq/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/%2e%2e%5csecret.txt',
      '/faq%00/index.html',
      '/%252e%252e/secret.txt',
      '/embed/..%2fsecret.txt',
      '/embed/%2e%2e/secret.txt',
      '/embed-demo/..%2fsecret.txt',
      '/embed-demo/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/dev/outbox/..%2f..%2fsecret.txt',
      '/dev/outbox/%2e%2e',
    ];
    for (const path of attempts) {
      const res = await t.app.request(`http://localhost:4321${path}`);
      assert.notEqual(res.status, 200, path);
      assert.ok(!(await res.text()).includes(SECRET), path);
    }
    assert.equal(safeResolve('/srv/site', '/a/%2e%2e/%2e%2e/etc/passwd'), null);
    assert.equal(safeResolve('/srv/site', '/a/b.html'), '/srv/site/a/b.html');
  });

  test("the wizard's deep links are real 301s to /receive-a-quote, keeping the query", async () => {
    for (const page of WIZARD_STEP_PAGES) {
      const res = await t.app.request(`/receive-a-quote/${page}`, { redirect: 'manual' });
      assert.equal(res.status, 301, page);
      assert.equal(res.headers.get('location'), '/receive-a-quote');
    }
    const withQuery = await t.app.request('/receive-a-quote/quote-payment-page/?token=abc', { redirect: 'manual' });
    assert.equal(withQuery.status, 301);
    assert.equal(withQuery.headers.get('location'), '/receive-a-quote?token=abc');
  });

  test('a start-quote form sent before it hydrated goes where the widget would send it: a state we write in to the wizard, others to /unavailable', async () => {
    const cases: [string, number, string | null][] = [
      ['?state=TX', 200, null],
      ['', 200, null],
      ['?state=CA', 303, '/unavailable?not-writing&state=CA'],
      ['?state=wi', 303, '/unavailable?not-writing&state=WI'],
      ['?state=MT', 303, '/unavailable/Montana'],
      ['?state=DC', 303, '/unavailable/District%20of%20Columbia'],
      ['?state=ZZ', 200, null],
    ];
    for (const path of ['/receive-a-quote', '/receive-a-quote/']) {
      for (const [query, status, location] of cases) {
        const res = await t.app.request(`${path}${query}`, { redirect: 'manual' });
        assert.equal(res.status, status, `${path}${query}`);
        assert.equal(res.headers.get('location'), location, `${path}${query}`);
      }
    }
  });

  test('the bundle is served to any origin (Access-Control-Allow-Origin: *), embed.js briefly cached, chunks immutable', async () => {
    const loader = await t.app.request('/embed/embed.js', { headers: { Origin: 'https://any-dealer.example' } });
    assert.equal(loader.status, 200);
    assert.equal(loader.headers.get('access-control-allow-origin'), '*');
    assert.equal(loader.headers.get('cross-origin-resource-policy'), 'cross-origin');
    assert.equal(loader.headers.get('cache-control'), 'public, max-age=300');
    assert.match(loader.headers.get('content-type')!, /javascript/);
    const chunk = await t.app.request('/embed/notify-me-Ab3dE9xZ.js');
    assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    const missing = await t.app.request('/embed/nope.js');
    assert.equal(missing.status, 404);
    assert.ok(isHashedAsset('quote-wizard-x1Y_2z-Q.js'));
    assert.ok(!isHashedAsset('retrieve-quote.js') && !isHashedAsset('notify-me-component.js'));
  });

  test('the demo pages are served with the brand origin written in', async () => {
    const redirect = await t.app.request('/embed-demo', { redirect: 'manual' });
    assert.equal(redirect.status, 301);
    assert.equal(redirect.headers.get('location'), '/embed-demo/');
    const res = await t.app.request('/embed-demo/');
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, /src="http:\/\/localhost:5555\/embed\/embed\.js"/);
    assert.match(html, /api-base="http:\/\/localhost:5555\/api"/);
    assert.doesNotMatch(html, /localhost:4321/);
  });

  test('other methods on site paths are a 405', async () => {
    const res = await t.app.request('/faq', { method: 'POST' });
    assert.equal(res.status, 405);
  });

  test('the outbox page lists sent mail with masked recipients and links to the raw message', async () => {
    const email = 'outbox.reader@example.com';
    const sent = await t.app.request(...postJson('/api/contact/subscribe', { userFirstName: 'Olive', userLastName: 'Reader', userEmailAddress: email, userState: 'OH' }));
    assert.equal(sent.status, 201);
    await t.mail.settled();
    const page = await t.app.request('/dev/outbox');
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /o\*\*\*@example\.com/);
    assert.ok(!html.includes(email), 'the list masks recipients');
    const link = /href="(\/dev\/outbox\/[^"]+\.eml)"/.exec(html)?.[1];
    assert.ok(link, 'a link to the message');
    const raw = await t.app.request(link);
    assert.equal(raw.status, 200);
    assert.match(raw.headers.get('content-type')!, /^text\/plain/);
    assert.match(await raw.text(), new RegExp(`^To: ${email}`, 'm'));
  });

  test('a missing site build is a plain 404, not a crash; production hides the outbox', async () => {
    const bare = testApp(testDb.db, { config: { production: true } });
    try {
      const res = await bare.app.request('/');
      assert.equal(res.status, 404);
      assert.equal(await res.text(), 'Page Not Found');
      assert.equal((await bare.app.request('/dev/outbox')).status, 404);
    } finally {
      bare.cleanup();
    }
  });

  test('text over 1 KB goes brotli where accepted, else gzip, else as it is; each decodes to the file, with Vary', async () => {
    const fetchBig = (acceptEncoding?: string) =>
      t.app.request('/_astro/big-Ab3dE9xZ.js', { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });
    const br = await fetchBig('gzip, deflate, br, zstd');
    assert.equal(br.headers.get('content-encoding'), 'br');
    assert.equal(br.headers.get('vary'), 'Accept-Encoding');
    const brBytes = Buffer.from(await br.arrayBuffer());
    assert.ok(brBytes.length < BIG_SCRIPT.length / 2, `${brBytes.length} bytes for ${BIG_SCRIPT.length}`);
    assert.equal(brotliDecompressSync(brBytes).toString('utf8'), BIG_SCRIPT);
    const again = await fetchBig('br');
    assert.deepEqual(Buffer.from(await again.arrayBuffer()), brBytes, 'the second answer is the kept one');

    const gzip = await fetchBig('gzip, br;q=0');
    assert.equal(gzip.headers.get('content-encoding'), 'gzip');
    assert.equal(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString('utf8'), BIG_SCRIPT);

    const plain = await fetchBig();
    assert.equal(plain.headers.get('content-encoding'), null);
    assert.equal(plain.headers.get('vary'), 'Accept-Encoding');
    assert.equal(await plain.text(), BIG_SCRIPT);

    const revalidated = await t.app.request('/_astro/big-Ab3dE9xZ.js', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.get('etag')! } });
    assert.equal(revalidated.status, 304);

    const small = await t.app.request('/_astro/app-Ab3dE9xZ.js', { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(small.headers.get('content-encoding'), null, 'under 1 KB is sent as it is');
  });

  test('Accept-Encoding is read with its weights', () => {
    assert.equal(chooseEncoding('gzip, deflate, br'), 'br');
    assert.equal(chooseEncoding('gzip'), 'gzip');
    assert.equal(chooseEncoding('br;q=0, gzip;q=0.5'), 'gzip');
    assert.equal(chooseEncoding('*'), 'br');
    assert.equal(chooseEncoding('identity'), null);
    assert.equal(chooseEncoding('gzip;q=0, br;q=0'), null);
    assert.equal(chooseEncoding(undefined), null);
  });


  test("a page's own meta policy may add an https origin to frame-src or media-src (the home page's video), nothing else", () => {
    const plain = siteCsp('<html><head><meta http-equiv="content-security-policy" content="script-src \'self\'"></head></html>');
    assert.match(plain, /frame-src https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com;/);
    assert.doesNotMatch(plain, /media-src/);

    const video = siteCsp(
      '<meta http-equiv="content-security-policy" content="frame-src https://www.youtube-nocookie.com *; media-src https://media.example.com:8443 data: \'unsafe-inline\'; script-src \'self\'">',
    );
    assert.match(video, /frame-src https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com https:\/\/www\.youtube-nocookie\.com;/);
    assert.match(video, /media-src 'self' https:\/\/media\.example\.com:8443;/);
    assert.doesNotMatch(video, /frame-src[^;]*\*|media-src[^;]*(data:|unsafe)/);
  });

});
