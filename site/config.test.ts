import { test } from 'node:test';
import assert from 'node:assert/strict';
import { homeVideo } from './config.ts';

test('no PPM_HOME_VIDEO_URL, or an empty one, means no video: the page shows its fallback', () => {
  assert.equal(homeVideo(undefined), null);
  assert.equal(homeVideo('  '), null);
});

test('every form of a YouTube link plays from youtube-nocookie.com, and only that origin is allowed', () => {
  const expected = { kind: 'iframe', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0', origin: 'https://www.youtube-nocookie.com' };
  for (const link of [
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://m.youtube.com/shorts/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  ]) {
    assert.deepEqual(homeVideo(link), expected, link);
  }
});

test('a Vimeo link plays in Vimeo’s player without tracking', () => {
  assert.deepEqual(homeVideo('https://vimeo.com/76979871'), { kind: 'iframe', src: 'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1', origin: 'https://player.vimeo.com' });
});

test('a video file plays in <video>: from its https origin, or from our own site without a new origin', () => {
  assert.deepEqual(homeVideo('https://media.example.com/film/home.mp4'), { kind: 'video', src: 'https://media.example.com/film/home.mp4', origin: 'https://media.example.com' });
  assert.deepEqual(homeVideo('/media/home.mp4'), { kind: 'video', src: '/media/home.mp4', origin: null });
});

test('a value that cannot be played stops the build and says what to write', () => {
  assert.throws(() => homeVideo('home.mp4'), /is not an address: write a YouTube or Vimeo link/);
  assert.throws(() => homeVideo('http://media.example.com/home.mp4'), /must come over https/);
  assert.throws(() => homeVideo('//media.example.com/home.mp4'), /is not an address/);
  assert.throws(() => homeVideo('https://www.youtube.com/watch?v=short'), /no YouTube video id/);
  assert.throws(() => homeVideo('https://vimeo.com/channels/staffpicks'), /no Vimeo video number/);
});
