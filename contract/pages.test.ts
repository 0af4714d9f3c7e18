import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PAGES, pageUrl, type OwnPath } from './pages.ts';

const ORIGIN = 'https://www.example.com';
const TOKEN = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

test("each page's own token goes where that page reads it, and nowhere else", () => {
  assert.equal(pageUrl(ORIGIN, PAGES.wizard, { token: TOKEN }), `${ORIGIN}/receive-a-quote?retrieve=${TOKEN}`);
  assert.equal(pageUrl(ORIGIN, PAGES.odometer, { token: TOKEN }), `${ORIGIN}/odometer?token=${TOKEN}`);
  assert.equal(pageUrl(ORIGIN, PAGES.documents, { token: TOKEN }), `${ORIGIN}/account/documents/${TOKEN}`);
  assert.equal(pageUrl(ORIGIN, PAGES.createPassword, { token: TOKEN }), `${ORIGIN}/account/create-password?token=${TOKEN}`);
  assert.equal(pageUrl(ORIGIN, PAGES.confirmAccount, { token: TOKEN }), `${ORIGIN}/account/confirm?token=${TOKEN}`);
  assert.equal(pageUrl(ORIGIN, PAGES.sign, { token: TOKEN }), `${ORIGIN}/account/sign?token=${TOKEN}`);
  assert.equal(pageUrl(ORIGIN, PAGES.rollover, { token: TOKEN }), `${ORIGIN}/rollover#${TOKEN}`);
});

test('a page without a token is the origin and its path, the homepage included', () => {
  assert.equal(pageUrl(ORIGIN, PAGES.logIn), `${ORIGIN}/account/log-in`);
  assert.equal(pageUrl(ORIGIN, PAGES.home), `${ORIGIN}/`);
  assert.equal(pageUrl('http://localhost:4321', PAGES.account), 'http://localhost:4321/account/');
});

test('every value is encoded in its place: a token of any URL-safe characters reads back as given', () => {
  const odd = 'a+b/c=d~e.f_g-h';
  assert.equal(new URL(pageUrl(ORIGIN, PAGES.odometer, { token: odd })).searchParams.get('token'), odd);
  assert.equal(decodeURIComponent(new URL(pageUrl(ORIGIN, PAGES.rollover, { token: odd })).hash.slice(1)), odd);
  assert.equal(decodeURIComponent(new URL(pageUrl(ORIGIN, PAGES.documents, { token: odd })).pathname.split('/').at(-1)!), odd);
  assert.equal(pageUrl(ORIGIN, PAGES.documents, { token: odd }), `${ORIGIN}/account/documents/a%2Bb%2Fc%3Dd~e.f_g-h`);
});

test("a returnUrl's path keeps its own query and fragment; the query named is set in it, replacing a value it carried", () => {
  const own = (path: string) => path as OwnPath;
  assert.equal(pageUrl(ORIGIN, own('/account/?tab=policies#vehicles'), { query: { token: TOKEN } }), `${ORIGIN}/account/?tab=policies&token=${TOKEN}#vehicles`);
  assert.equal(pageUrl(ORIGIN, own('/account/?token=stale&tab=1'), { query: { token: TOKEN } }), `${ORIGIN}/account/?token=${TOKEN}&tab=1`);
});

test('origin and path are joined, never resolved: a path that reads like another host stays on our origin', () => {
  for (const path of ['//evil.example/x', '/\\evil.example/x']) {
    const url = new URL(pageUrl(ORIGIN, path as OwnPath, { query: { token: TOKEN } }));
    assert.equal(url.origin, ORIGIN, path);
  }
});
