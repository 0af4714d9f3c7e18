/**
 * The home page's film (issue 23): the committed files are there, are what they say they are, weigh less than
 * the budget together, and the captions say the words of site/home/film.ts (`npm run film` remakes them).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FILM_BUDGET_BYTES, FILM_FILES, FILM_SCENES, filmCaptions } from './film.ts';

const PUBLIC = resolve(import.meta.dirname, '..', 'public');
const file = (path: string) => join(PUBLIC, path);

test('the film, its two encodings and its captions are committed under site/public/media', () => {
  for (const path of Object.values(FILM_FILES)) assert.ok(existsSync(file(path)), `${path} is missing: run npm run film`);
});

test('WebM and MP4 together weigh less than 2 MB', () => {
  const total = statSync(file(FILM_FILES.webm)).size + statSync(file(FILM_FILES.mp4)).size;
  assert.ok(total < FILM_BUDGET_BYTES, `${total} bytes, over ${FILM_BUDGET_BYTES}`);
});

test('the WebM is a Matroska file, the MP4 an ISO file whose index comes before its data (faststart)', () => {
  const webm = readFileSync(file(FILM_FILES.webm));
  assert.equal(webm.subarray(0, 4).toString('hex'), '1a45dfa3', 'EBML header');
  assert.ok(webm.subarray(0, 64).includes('webm'), 'doc type webm');
  const mp4 = readFileSync(file(FILM_FILES.mp4));
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= mp4.length; ) {
    const size = mp4.readUInt32BE(at);
    boxes.push(mp4.subarray(at + 4, at + 8).toString('latin1'));
    if (size < 8) break;
    at += size;
  }
  assert.equal(boxes[0], 'ftyp');
  assert.ok(boxes.includes('moov') && boxes.includes('mdat'), boxes.join(' '));
  assert.ok(boxes.indexOf('moov') < boxes.indexOf('mdat'), `moov after mdat: ${boxes.join(' ')}`);
});

test('the captions are the film’s words, one cue a scene: the committed file is not stale', () => {
  assert.equal(readFileSync(file(FILM_FILES.captions), 'utf8'), filmCaptions(), 'run npm run film');
  const cues = filmCaptions().split('\n\n').slice(1);
  assert.equal(cues.length, FILM_SCENES.length);
  assert.match(cues[1]!, /^2\n00:00:05\.000 --> 00:00:13\.000\nYou pay a monthly base rate\nplus a rate for each mile you drive$/);
});

test('the scenes follow one another without a gap, and the film is under a minute', () => {
  FILM_SCENES.forEach((scene, index) => {
    assert.equal(scene.start, index === 0 ? 0 : FILM_SCENES[index - 1]!.end, scene.id);
    assert.ok(scene.end > scene.start && scene.words.length > 0 && scene.picture !== '', scene.id);
  });
  assert.ok(FILM_SCENES.at(-1)!.end < 60);
});
