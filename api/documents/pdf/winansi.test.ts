import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { isWinAnsi, toWinAnsi } from './winansi.ts';

describe('toWinAnsi', () => {
  test('keeps what WinAnsi has, drops only the accents it lacks', () => {
    assert.equal(toWinAnsi('Zoë O’Brien-Łukasz'), 'Zoë O’Brien-Lukasz');
    assert.equal(toWinAnsi('Dvořák Şahin Nguyễn'), 'Dvorák Sahin Nguyen');
    assert.equal(toWinAnsi('Müller – “quoted” €5 Œuvre'), 'Müller – “quoted” €5 Œuvre');
    assert.equal(toWinAnsi('Zoe\u0308'), 'Zoë', 'a decomposed accent is composed first');
  });

  test('spaces become plain spaces, invisible characters go, anything else prints as ?', () => {
    assert.equal(toWinAnsi('a\tb\nc\u00a0d\u2009e'), 'a b c d e');
    assert.equal(toWinAnsi('zero\u200bwidth'), 'zerowidth');
    assert.equal(toWinAnsi('Ivan 🚗 Иван 李'), 'Ivan ? ???? ?');
  });

  test('whatever comes in, Helvetica can encode what comes out', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const everything = Array.from({ length: 0x2400 }, (_, code) => String.fromCodePoint(code)).join('') + '🚗𝔘';
    const safe = toWinAnsi(everything);
    assert.ok([...safe].every(isWinAnsi));
    assert.doesNotThrow(() => font.encodeText(safe));
  });
});
