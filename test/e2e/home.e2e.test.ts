/**
 * The home page end to end (issue 10 item 1), on the built site served by the real server, through roles as
 * a person uses it: the four quote widgets route each state as doc 1 says, the testimonial carousel works by
 * keyboard and turns only while nobody holds it, the FAQ teaser opens, the video facade fetches nothing of
 * our own film before the press and plays it with captions after, its transcript beside it (and, with another
 * video configured at build time, loads that under the page's CSP after the press), the header's links scroll with the spec's delays, and axe finds nothing at a phone's and a
 * desktop's width.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { axeViolations, launchChromium, layoutShifts, ROOT, serverAndBrowser, startServer, watchLayoutShifts, type RunningServer } from './support.ts';
import { FILM_FILES, FILM_SCENES, FILM_TITLE } from '../../site/home/film.ts';

const execute = promisify(execFile);

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const STATE_FIELD = 'Where is your car garaged?';

/** The three further quote widgets, by their sections' headings (site/pages/index.astro). */
const FULL_WIDGETS = ['Start with your state', 'Insure it for what it is worth', 'Started a quote already?'];

/** A widget's section, once its island has hydrated (the full ones hydrate when they scroll into view). */
async function quoteWidget(page: Page, section: string): Promise<Locator> {
  const region = page.getByRole('region', { name: section, exact: true });
  await region.scrollIntoViewIfNeeded();
  // before hydration the form is a plain GET to the wizard; a person sees no difference, the routing does
  await region.locator('astro-island:not([ssr])').waitFor({ state: 'attached' });
  return region;
}

/** Picks `state` in a widget and presses 'Start a tailored quote'; resolves with where the browser went. */
async function startQuote(page: Page, region: Locator, state: string, baseUrl: string): Promise<string> {
  await region.getByLabel(STATE_FIELD).selectOption({ label: state });
  await Promise.all([
    page.waitForURL((url) => url.pathname !== '/', { waitUntil: 'commit' }),
    region.getByRole('button', { name: 'Start a tailored quote', exact: true }).click(),
  ]);
  return page.url().slice(baseUrl.length);
}

/** Every scroll of the page from its first byte, with its time, for the timing checks below. */
async function watchScrolls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const scrolls: number[] = [];
    Object.assign(globalThis, { scrolls });
    addEventListener('scroll', () => scrolls.push(performance.now()), { passive: true });
  });
}

const scrollTimes = (page: Page) => page.evaluate(() => (globalThis as unknown as { scrolls: number[] }).scrolls.slice());

/** Where `id`'s element stands below the sticky header: 0 when the page scrolled to it exactly. */
const distanceFromHeader = (page: Page, id: string) =>
  page.evaluate((target) => {
    const offset = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
    // + 0: a rounded -0.4 is -0, which is not 0 to assert.equal
    return Math.round(document.getElementById(target)!.getBoundingClientRect().top - offset) + 0;
  }, id);

/**
 * Waits until the page at `url` has scrolled `id` to just below the header and put the hash back into the
 * address (which the head script took off on arrival, so the browser would not jump at once).
 */
async function arrivedAt(page: Page, url: string, id: string): Promise<void> {
  await page.waitForURL(url);
  await page.waitForFunction((target) => {
    const offset = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
    return location.hash === `#${target}` && Math.abs(document.getElementById(target)!.getBoundingClientRect().top - offset) < 1;
  }, id);
}

describe('home page', () => {
  const home = serverAndBrowser();

  test("the wide widget offers only AZ, CO, FL, GA, OR, TN and TX and routes TX to the wizard with its state", async () => {
    const page = await home.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${home.server.url}/`);
    const hero = await quoteWidget(page, 'Pay-per-mile insurance for your Porsche');
    const options = await hero.getByLabel(STATE_FIELD).locator('option').allTextContents();
    assert.deepEqual(options, ['Choose a state', 'Arizona', 'Colorado', 'Florida', 'Georgia', 'Oregon', 'Tennessee', 'Texas']);
    assert.equal(await hero.getByRole('button', { name: 'Retrieve my quote', exact: true }).count(), 1);
    assert.equal(await startQuote(page, hero, 'Texas', home.server.url), '/receive-a-quote?state=TX');
    await page.close();
  });

  for (const section of FULL_WIDGETS) {
    test(`"${section}": all 50 states and DC; TX to the wizard, CA to the not-writing page, Montana to its own`, async () => {
      const page = await home.browser.newPage({ viewport: PHONE });
      const expected = [
        ['Texas', '/receive-a-quote?state=TX'],
        ['California', '/unavailable?not-writing&state=CA'],
        ['Montana', '/unavailable/Montana'],
      ] as const;
      for (const [state, destination] of expected) {
        await page.goto(`${home.server.url}/`);
        const widget = await quoteWidget(page, section);
        if (state === 'Texas') {
          assert.equal(await widget.getByLabel(STATE_FIELD).locator('option').count(), 52, 'the empty choice, 50 states and DC');
          assert.equal(await widget.getByRole('button', { name: 'Retrieve my quote', exact: true }).count(), 1);
        }
        assert.equal(await startQuote(page, widget, state, home.server.url), destination, state);
      }
      // and the pages they lead to answer
      await page.waitForLoadState();
      assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1);
      await page.close();
    });
  }

  test('the carousel: stop, next, previous and the picker by keyboard, each change announced once stopped', async () => {
    const page = await home.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${home.server.url}/`);
    const carousel = page.getByRole('region', { name: 'Customer quotes' });
    assert.equal(await carousel.getAttribute('aria-roledescription'), 'carousel');
    const slides = carousel.locator('[aria-live]');
    const slide = (n: number) => carousel.getByRole('group', { name: `${n} of 3`, exact: true });
    assert.equal(await slide(1).getAttribute('aria-roledescription'), 'slide');
    await slide(1).waitFor();
    assert.equal(await slides.getAttribute('aria-live'), 'off', 'while it turns, changes are not announced');

    // The rotation button comes first: Tab reaches it from the last control before the carousel.
    await page.getByRole('region', { name: 'Insure it for what it is worth' }).getByRole('button', { name: 'Retrieve my quote' }).focus();
    await page.keyboard.press('Tab');
    const stop = carousel.getByRole('button', { name: 'Stop automatic slide show' });
    assert.equal(await stop.evaluate((button) => button === document.activeElement), true, 'the rotation button is first');
    await page.keyboard.press('Enter');
    await carousel.getByRole('button', { name: 'Start automatic slide show' }).waitFor();
    assert.equal(await slides.getAttribute('aria-live'), 'polite', 'stopped, a change is announced');

    await page.keyboard.press('Tab'); // Previous
    await page.keyboard.press('Tab'); // Next
    await page.keyboard.press('Enter');
    await slide(2).waitFor();
    assert.equal(await slide(1).isVisible(), false);
    assert.equal(await carousel.getByRole('button', { name: 'Quote 2' }).getAttribute('aria-current'), 'true');
    await page.keyboard.press('Shift+Tab'); // Previous
    await page.keyboard.press('Enter');
    await slide(1).waitFor();
    await page.keyboard.press('Enter'); // Previous again wraps round to the last
    await slide(3).waitFor();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('Tab'); // Next, Quote 1, Quote 2
    await page.keyboard.press('Enter');
    await slide(2).waitFor();
    assert.match(await slides.innerText(), /Marcus T\./);
    assert.deepEqual(await axeViolations(page), []);
    await page.close();
  });

  test('the carousel turns by itself, holds under the pointer, and never turns with reduced motion', async () => {
    const page = await home.browser.newPage({ viewport: DESKTOP });
    await page.clock.install();
    await page.goto(`${home.server.url}/`);
    const carousel = page.getByRole('region', { name: 'Customer quotes' });
    const slide = (n: number) => carousel.getByRole('group', { name: `${n} of 3`, exact: true });
    await slide(1).waitFor();
    await carousel.getByRole('button', { name: 'Stop automatic slide show' }).waitFor();
    await page.clock.runFor(7_000);
    await slide(2).waitFor();
    await carousel.hover();
    await page.clock.runFor(21_000);
    assert.equal(await slide(2).isVisible(), true, 'held while the pointer is on it');
    await page.close();

    const calm = await home.browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
    const still = await calm.newPage();
    await still.clock.install();
    await still.goto(`${home.server.url}/`);
    const quiet = still.getByRole('region', { name: 'Customer quotes' });
    await quiet.getByRole('group', { name: '1 of 3', exact: true }).waitFor();
    await still.clock.runFor(30_000);
    assert.equal(await quiet.getByRole('group', { name: '1 of 3', exact: true }).isVisible(), true);
    assert.equal(await quiet.getByRole('button', { name: /automatic slide show/ }).count(), 0, 'no rotation, no rotation button');
    assert.equal(await quiet.locator('[aria-live]').getAttribute('aria-live'), 'polite');
    await calm.close();
  });

  test('the FAQ teaser is closed on arrival and opens on three questions and a link to the FAQ', async () => {
    const page = await home.browser.newPage({ viewport: PHONE });
    await page.goto(`${home.server.url}/`);
    const teaser = page.getByRole('group').filter({ hasText: 'Common questions' });
    const question = teaser.getByText('How does pay-per-mile pricing work?');
    assert.equal(await question.isVisible(), false, 'hidden by default');
    await teaser.getByText('Common questions', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await question.waitFor();
    assert.equal(await teaser.locator('dt').count(), 3);
    assert.equal(await teaser.getByRole('link', { name: 'All frequently asked questions' }).getAttribute('href'), '/faq');
    await page.close();
  });

  test('our own film: no byte of it before the press; the press plays it with both sources and English captions, keyboard first; the transcript says its words', async () => {
    const page = await home.browser.newPage({ viewport: DESKTOP });
    const media: string[] = [];
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(home.server.url) && !url.startsWith('data:')) elsewhere.push(url);
      else if (new URL(url).pathname.startsWith('/media/')) media.push(new URL(url).pathname);
    });
    await page.goto(`${home.server.url}/`);
    const section = page.getByRole('region', { name: 'Pay for the miles you drive' });
    const play = section.getByRole('button', { name: `Play video: ${FILM_TITLE}` });
    await play.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    assert.deepEqual([...media], [], 'no video, captions or poster fetched before the press');
    assert.equal(await section.locator('video').count(), 0);

    // the transcript beside the player: closed, then every scene's words and picture
    const transcript = section.getByRole('group').filter({ hasText: 'Transcript of the film' });
    await transcript.getByText('Transcript of the film').click();
    for (const scene of FILM_SCENES) {
      await transcript.getByText(scene.words[0]!, { exact: false }).first().waitFor();
      await transcript.getByText(scene.picture).waitFor();
    }
    assert.deepEqual(await axeViolations(page), []);

    await play.focus();
    await page.keyboard.press('Enter');
    const video = section.locator('video');
    await video.waitFor();
    assert.equal(await video.getAttribute('aria-label'), FILM_TITLE);
    assert.deepEqual(
      await video.locator('source').evaluateAll((sources) => sources.map((source) => [source.getAttribute('src'), source.getAttribute('type')])),
      [
        [FILM_FILES.webm, 'video/webm'],
        [FILM_FILES.mp4, 'video/mp4'],
      ],
    );
    const track = await video.locator('track').evaluate((element: HTMLTrackElement) => ({ kind: element.kind, srclang: element.srclang, src: element.getAttribute('src'), default: element.default }));
    assert.deepEqual(track, { kind: 'captions', srclang: 'en', src: FILM_FILES.captions, default: true });
    const state = () => video.evaluate((element: HTMLVideoElement) => ({ controls: element.controls, autoplay: element.autoplay, focused: element === document.activeElement }));
    assert.deepEqual(await state(), { controls: true, autoplay: false, focused: true }, 'controls, no autoplay attribute, focus in the player');
    // the press started the film it asked for, with its captions showing
    await video.evaluate((element: HTMLVideoElement) => new Promise<void>((done) => (element.currentTime > 0.3 ? done() : element.addEventListener('timeupdate', function tick() { if (element.currentTime > 0.3) { element.removeEventListener('timeupdate', tick); done(); } }))));
    await page.waitForFunction(() => {
      const tracks = document.querySelector('video')?.textTracks;
      return tracks?.[0]?.mode === 'showing' && (tracks[0].cues?.length ?? 0) > 0;
    });
    assert.equal(await video.evaluate((element: HTMLVideoElement) => element.textTracks[0]!.cues!.length), FILM_SCENES.length);
    assert.ok(media.includes(FILM_FILES.captions), media.join(' '));
    assert.ok(media.some((path) => path === FILM_FILES.webm || path === FILM_FILES.mp4), media.join(' '));
    assert.deepEqual(await axeViolations(page), []);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(elsewhere, [], 'nothing from another origin, before or after');
    await page.close();
  });

  test('Explore Benefits from another page: the page opens at its top, then scrolls to the benefits after 150 ms', async () => {
    const page = await home.browser.newPage({ viewport: DESKTOP });
    await watchScrolls(page);
    await page.goto(`${home.server.url}/faq`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore Benefits' }).click();
    await arrivedAt(page, `${home.server.url}/`, 'benefits');
    const times = await scrollTimes(page);
    assert.ok(times[0]! >= 150, `the first scroll came ${times[0]} ms into the page`);
    assert.ok(times.length > 5, `an animation, not a jump: ${times.length} scroll events`);
    await page.close();
  });

  test('Receive a Quote from home scrolls to the quote container after 200 ms', async () => {
    const page = await home.browser.newPage({ viewport: DESKTOP });
    await watchScrolls(page);
    await page.goto(`${home.server.url}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Receive a Quote' }).click();
    await arrivedAt(page, `${home.server.url}/receive-a-quote`, 'quote');
    const times = await scrollTimes(page);
    assert.ok(times[0]! >= 200, `the first scroll came ${times[0]} ms into the page`);
    await page.close();
  });

  test('a link within the page scrolls smoothly, after the target’s delay, and hands focus there', async () => {
    const page = await home.browser.newPage({ viewport: DESKTOP });
    await watchScrolls(page);
    await page.goto(`${home.server.url}/`);
    await page.waitForLoadState('networkidle');
    const clickedAt = await page.evaluate(() => performance.now());
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore Benefits' }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'benefits');
    assert.equal(page.url(), `${home.server.url}/#benefits`);
    assert.equal(await distanceFromHeader(page, 'benefits'), 0);
    const times = (await scrollTimes(page)).filter((time) => time > clickedAt);
    assert.ok(times[0]! - clickedAt >= 150, `scrolled ${times[0]! - clickedAt} ms after the click`);
    // an animation, not a jump; its length is the browser's (the spec names only the delay), so not timed here
    assert.ok(times.length > 5, `an animation, not a jump: ${times.length} scroll events`);
    // the next Tab continues from the benefits: the first question of the accordion
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), 'Agreed-value coverage, custom parts included');

    // with reduced motion the page jumps, after the same delay: one scroll
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // back to the top; the scroll event of that comes a frame later, so the count starts two frames on
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    const pressedAt = await page.evaluate(() => new Promise<number>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now())))));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore Benefits' }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'benefits');
    assert.equal(await distanceFromHeader(page, 'benefits'), 0);
    assert.equal((await scrollTimes(page)).filter((time) => time > pressedAt).length, 1, 'no animation');
    await page.close();
  });

  test('/search-for-my-quote opens the retrieve window and scrolls to the home section after 50 ms', async () => {
    const page = await home.browser.newPage({ viewport: PHONE });
    await watchScrolls(page);
    await page.goto(`${home.server.url}/search-for-my-quote`);
    await page.getByRole('dialog').waitFor();
    await page.waitForFunction(() => {
      const offset = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
      return Math.abs(document.getElementById('home')!.getBoundingClientRect().top - offset) < 1;
    });
    const times = await scrollTimes(page);
    assert.ok(times[0]! >= 50, `the first scroll came ${times[0]} ms into the page`);
    await page.close();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`at ${viewport.width} px: nothing moves as the page loads and its islands hydrate on the way down (CLS 0), and axe finds nothing`, async () => {
      const page = await home.browser.newPage({ viewport });
      await watchLayoutShifts(page);
      await page.goto(`${home.server.url}/`);
      await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
      // down the page a screen at a time, as a reader scrolls, each island hydrating as it comes near
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let top = 0; top < height; top += viewport.height / 2) {
        await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
      }
      await page.locator('astro-island[ssr]').first().waitFor({ state: 'detached' });
      const shifts = await layoutShifts(page);
      assert.deepEqual(shifts, [], `layout shifts: ${JSON.stringify(shifts)}`);
      assert.deepEqual(await axeViolations(page), []);
      await page.close();
    });
  }
});

/**
 * The video is a build setting (PPM_HOME_VIDEO_URL, site/config.ts): this block builds the site once more with
 * one into a folder of its own and serves that. The player's host is answered by the test (route
 * interception), so nothing leaves the machine; the page's real Content-Security-Policy still decides
 * whether the frame may load at all.
 */
describe('home page with a video configured', () => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let siteDir = '';

  before(async () => {
    siteDir = mkdtempSync(join(tmpdir(), 'ppm-home-video-'));
    // removed at exit too, whatever happened to the test's own clean-up (a failed before() runs no after())
    process.once('exit', () => rmSync(siteDir, { recursive: true, force: true }));
    await execute(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', siteDir], {
      cwd: ROOT,
      env: { ...process.env, PPM_HOME_VIDEO_URL: 'https://youtu.be/aqz-KE-bpKQ', ASTRO_TELEMETRY_DISABLED: '1' },
    });
    server = await startServer({ SITE_DIR: siteDir });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    server?.cleanUp();
    if (siteDir) rmSync(siteDir, { recursive: true, force: true });
  });

  test('nothing is asked of the video host before the press; the press loads the player in place and focuses it', async () => {
    const page = await browser!.newPage({ viewport: DESKTOP });
    const player: string[] = [];
    await page.route('https://www.youtube-nocookie.com/**', (route) => {
      player.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Player</title><p>The film plays here</p>' });
    });
    await page.goto(`${server!.url}/`);
    const video = page.getByRole('region', { name: 'Pay for the miles you drive' });
    const play = video.getByRole('button', { name: 'Play video: How Apex Pay-Per-Mile works' });
    await play.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(player, [], 'no request to the video host before the press');
    assert.equal(await video.getByText('Transcript of the film').count(), 0, 'another film brings no transcript of ours');
    assert.deepEqual(await axeViolations(page), []);

    await play.focus();
    await page.keyboard.press('Enter');
    const frame = video.locator('iframe[title="How Apex Pay-Per-Mile works"]');
    await frame.waitFor();
    await frame.contentFrame().getByText('The film plays here').waitFor();
    assert.deepEqual(player, ['https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0']);
    assert.equal(await frame.evaluate((element) => element === document.activeElement), true, 'focus is in the player');
    assert.equal(await video.getByRole('button', { name: /Play video/ }).count(), 0);
    await page.close();
  });

  test("the page's policy allows the video's origin in frames, and the site's other pages do not", async () => {
    const home = (await fetch(`${server!.url}/`)).headers.get('content-security-policy')!;
    assert.match(home, /frame-src [^;]*https:\/\/www\.youtube-nocookie\.com/);
    const faq = (await fetch(`${server!.url}/faq`)).headers.get('content-security-policy')!;
    assert.doesNotMatch(faq, /youtube/);
  });
});
