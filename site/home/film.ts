/**
 * The home page's short film (issue 23), as words: each scene's on-screen words, when they show, and what the
 * picture draws. One list read three ways, so they cannot disagree: scripts/film/ draws the frames from it,
 * the captions (WebVTT) are written from it (`filmCaptions`), and HomeVideo.astro prints it as the film's
 * transcript beside the player. The film has no sound: these words carry it.
 *
 * No figure here that the site does not show: no rate, no price; the odometer's miles are an example, said so.
 */
import { BRAND } from '../../contract/brand.ts';

export interface FilmScene {
  /** Which drawing scripts/film/scenes.ts makes for it. */
  id: 'title' | 'price' | 'photo' | 'bill' | 'less' | 'quote';
  /** Seconds from the start of the film. */
  start: number;
  end: number;
  /** The words on screen, in the order they appear: the first is the scene's headline. */
  words: string[];
  /** What the picture shows, for the transcript (the text alternative of a film without sound). */
  picture: string;
}

export const FILM_TITLE = `How ${BRAND.productName} works`;

/** Frames per second and frame size of the encoded files. */
export const FILM_FORMAT = { fps: 24, width: 1280, height: 720 } as const;

export const FILM_SCENES: readonly FilmScene[] = [
  {
    id: 'title',
    start: 0,
    end: 5,
    words: [FILM_TITLE, `Car insurance for ${BRAND.marque} owners, priced by the mile`],
    picture: 'A red sports coupé drives in along an evening road and stops.',
  },
  {
    id: 'price',
    start: 5,
    end: 13,
    words: ['You pay a monthly base rate', 'plus a rate for each mile you drive'],
    picture: 'A monthly bill: a grey bar for the base rate, then a red bar for the miles grows beside it.',
  },
  {
    id: 'photo',
    start: 13,
    end: 21,
    words: ['Once each billing period, send a photo of your odometer', 'Computer vision reads it for you'],
    picture: 'A phone photographs the car’s odometer; the reading 013 347 is picked out and ticked.',
  },
  {
    id: 'bill',
    start: 21,
    end: 29,
    words: ['Your bill follows the miles', 'you drove since the last reading'],
    picture: 'The odometer rolls from 012 847 to 013 347: 500 miles, an example. The red miles bar on the bill grows to match.',
  },
  {
    id: 'less',
    start: 29,
    end: 37,
    words: ['Drive less, pay less', 'A car stored for the winter pays the base rate only'],
    picture: 'Three months side by side: 800 miles, 300 miles, then 0 miles in winter, when only the grey base-rate bar is left.',
  },
  {
    id: 'quote',
    start: 37,
    end: 44,
    words: ['Get a quote in minutes', `Start a tailored quote on this page, or call ${BRAND.phone}`],
    picture: `The red coupé again, under the name ${BRAND.productName}.`,
  },
];

/** Where the encoded files and their captions are served from (site/public/media/). */
export const FILM_FILES = {
  webm: '/media/how-it-works.webm',
  mp4: '/media/how-it-works.mp4',
  captions: '/media/how-it-works.en.vtt',
} as const;

/** What the two encoded files may weigh together, in bytes (issue 23: under 2 MB). */
export const FILM_BUDGET_BYTES = 2 * 1000 * 1000;

/** A time as WebVTT writes it: hh:mm:ss.ttt. */
function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000), 2)}:${pad(Math.floor(ms / 60_000) % 60, 2)}:${pad(Math.floor(ms / 1000) % 60, 2)}.${pad(ms % 1000, 3)}`;
}

/** The film's captions: one cue per scene, its words one to a line, shown while the scene is on screen. */
export function filmCaptions(scenes: readonly FilmScene[] = FILM_SCENES): string {
  const cues = scenes.map((scene, index) => `${index + 1}\n${vttTime(scene.start)} --> ${vttTime(scene.end)}\n${scene.words.join('\n')}`);
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}
