/**
 * The film's frames, drawn as SVG in the site's own style: the night gradient and drawn odometer of the video
 * poster (site/home/HomeVideo.astro), the red coupé of the hero (site/home/HeroArt.astro), the brand's
 * colours (contract/brand.ts, site/styles/site.css). `frame(t)` is a pure function of the time: the same
 * second always draws the same picture.
 *
 * The words come from site/home/film.ts, which the captions and the page's transcript read too.
 */
import { BRAND } from '../../contract/brand.ts';
import { FILM_FORMAT, FILM_SCENES, type FilmScene } from '../../site/home/film.ts';
import { text, wrap } from './text.ts';

const { width: W, height: H } = FILM_FORMAT;

/** The site's colours: brand.ts for the brand's, site.css for the night surfaces the poster uses. */
const C = {
  night: '#14171b',
  nightHigh: '#2c333c',
  nightInk: '#e9ecef',
  nightMuted: '#b8bfc7',
  dial: '#3a424c',
  edge: '#4a525d',
  accent: BRAND.colours.accent,
  accentLight: '#e0514b',
  accentDeep: '#7a1b19',
  ink: BRAND.colours.ink,
  muted: BRAND.colours.muted,
  line: BRAND.colours.line,
  success: BRAND.colours.success,
  base: '#8a939e',
};

/** The 992 coupé's outline, as HeroArt.astro draws it (from api/vehicle/silhouettes.ts). */
const CAR_BODY =
  'M26.3 130.4C26.3 130.4 23.6 125.8 24 122.6C24.4 119.5 25 115.1 28.7 111.7C32.3 108.4 38.5 105.5 45.8 102.4C53.1 99.3 63.3 95.9 72.3 93C81.2 90.2 90.1 86.9 99.5 85.3C109 83.6 119.7 84 129.1 82.9C138.6 81.9 156.4 79 156.4 79C156.4 79 183.4 55.1 193.8 49.4C204.2 43.7 208.7 44.5 218.7 44.8C228.7 45 241.4 47.6 253.7 51C266.1 54.4 279.7 61.2 292.7 65C305.7 68.8 319.9 71.5 331.6 73.6C343.3 75.7 355.6 75.5 362.8 77.5C369.9 79.4 372.2 81 374.4 85.3C376.6 89.5 376.4 95.9 376 103.2C375.6 110.4 372.1 128.9 372.1 128.9L318.7 130.4A30.4 30.4 0 1 0 262 130.4L127.9 130.4A30.4 30.4 0 1 0 71.2 130.4Z';
const CAR_GLASS =
  'M165.7 74.4C165.7 74.4 186.5 56.1 195.3 51.8C204.2 47.5 209.6 48.1 218.7 48.7C227.8 49.2 240.8 51.6 249.8 54.9C258.9 58.1 268.3 65 273.2 68.1C278.1 71.2 279.4 73.6 279.4 73.6Z';
const WHEELS = [99.5, 290.3];

// ---- time --------------------------------------------------------------------------------------------

const clamp = (value: number, low = 0, high = 1) => Math.min(high, Math.max(low, value));
const easeOut = (x: number) => 1 - (1 - clamp(x)) ** 3;
const easeInOut = (x: number) => {
  const v = clamp(x);
  return v < 0.5 ? 4 * v ** 3 : 1 - (-2 * v + 2) ** 3 / 2;
};
/** 0 before `at`, rising to 1 over `duration` seconds. */
const rise = (s: number, at: number, duration = 0.6) => easeOut((s - at) / duration);

// ---- shared pieces -----------------------------------------------------------------------------------

const DEFS = `<defs>
  <radialGradient id="glow" cx="0.67" cy="0.5" r="0.75"><stop offset="0" stop-color="${C.nightHigh}"/><stop offset="1" stop-color="${C.night}"/></radialGradient>
  <radialGradient id="redglow"><stop offset="0" stop-color="${C.accent}" stop-opacity="0.45"/><stop offset="1" stop-color="${C.accent}" stop-opacity="0"/></radialGradient>
  <linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.accentLight}"/><stop offset="0.55" stop-color="${C.accent}"/><stop offset="1" stop-color="${C.accentDeep}"/></linearGradient>
  <linearGradient id="road" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a3038"/><stop offset="1" stop-color="${C.night}"/></linearGradient>
  <clipPath id="screen"><rect x="-112" y="-212" width="224" height="424" rx="18"/></clipPath>
</defs>`;

/** A word that rises into place as it appears. */
function rising(content: string, s: number, at: number, options: Parameters<typeof text>[1]): string {
  const shown = rise(s, at, 0.7);
  if (shown <= 0) return '';
  return text(content, { ...options, y: options.y + (1 - shown) * 18, opacity: shown });
}

/** A scene's words on the left: the headline in bold, the second line below it, each wrapped to fit. */
function words(scene: FilmScene, s: number, secondAt: number, top = 250): string {
  const [headline = '', second = ''] = scene.words;
  const out: string[] = [];
  let y = top;
  for (const line of wrap(headline, 52, 540, 'Bold')) {
    out.push(rising(line, s, 0.3, { x: 96, y, size: 52, weight: 'Bold', fill: C.nightInk }));
    y += 64;
  }
  const bar = rise(s, 0.5, 0.8);
  out.push(`<rect x="96" y="${y - 34}" width="${(72 * bar).toFixed(1)}" height="5" rx="2.5" fill="${C.accent}"/>`);
  y += 22;
  for (const line of wrap(second, 32, 540)) {
    out.push(rising(line, s, secondAt, { x: 96, y, size: 32, fill: C.nightMuted }));
    y += 44;
  }
  return out.join('');
}

const brandMark = () => text(BRAND.productName, { x: 96, y: 92, size: 22, weight: 'SemiBold', fill: C.nightMuted, tracking: 1 });

/** The hero's coupé, its ground at (x, y) centre, `scale` times the hero's size; `spin` turns the wheels. */
function car(x: number, y: number, scale: number, spin: number): string {
  const wheels = WHEELS.map(
    (cx) => `<g>
      <circle cx="${cx}" cy="119.5" r="26.5" fill="#15181c"/>
      <circle cx="${cx}" cy="119.5" r="17" fill="#b3b9c2"/>
      <circle cx="${cx}" cy="119.5" r="12.5" fill="none" stroke="#6b737d" stroke-width="2" stroke-dasharray="4 3.2" transform="rotate(${spin.toFixed(1)} ${cx} 119.5)"/>
      <circle cx="${cx}" cy="119.5" r="4.5" fill="#4a525d"/>
    </g>`,
  ).join('');
  return `<g transform="translate(${(x - 200 * scale).toFixed(1)} ${(y - 146 * scale).toFixed(1)}) scale(${scale})">
    <ellipse cx="200" cy="146" rx="182" ry="6" fill="#000" opacity="0.45"/>
    <path d="${CAR_BODY}" fill="url(#paint)"/>
    <path d="${CAR_GLASS}" fill="#1d232a"/>
    <path d="M200 53C212 50 236 53 252 58" stroke="#fff" stroke-opacity="0.35" stroke-width="3" fill="none" stroke-linecap="round"/>
    <path d="M237.4 122.6C237.6 114.8 238.7 83.7 238.9 75.9" stroke="#5e1513" stroke-width="1.2" fill="none"/>
    <path d="M40 104C120 88 260 80 368 84" stroke="#fff" stroke-opacity="0.18" stroke-width="2" fill="none"/>
    <path d="M362 86h10v8h-9z" fill="#ffd9a8" opacity="0.9"/>
    ${wheels}
  </g>`;
}

/** The road of the hero, across the frame, its top at y; the dashes move by `travel` px. */
function road(y: number, travel: number): string {
  const offset = -(travel % 104);
  const dashes = Array.from({ length: 15 }, (_, i) => `M${(offset + i * 104).toFixed(1)} ${y + 40}h62`).join('');
  return `<path d="M0 ${y}H${W}V${H}H0Z" fill="url(#road)"/>
    <path d="M0 ${y}H${W}" stroke="${C.edge}" stroke-width="2"/>
    <path d="${dashes}" stroke="#8a939e" stroke-width="4" stroke-linecap="round" opacity="0.5"/>`;
}

/** The poster's odometer dial, centred at the origin, radius 132; the needle at `needle` degrees. */
function dial(reading: string, needle: number): string {
  const ticks = Array.from({ length: 13 }, (_, i) => `<path d="M0 -112V-98" stroke="${C.nightInk}" stroke-width="3" stroke-linecap="round" transform="rotate(${-120 + i * 20})"/>`).join('');
  return `<circle r="132" fill="none" stroke="${C.dial}" stroke-width="10"/>
    <path d="M-114.3 66A132 132 0 1 1 114.3 66" fill="none" stroke="${C.accent}" stroke-width="10" stroke-linecap="round" stroke-dasharray="560 1000"/>
    ${ticks}
    <path d="M0 0L0 -86" stroke="${C.accentLight}" stroke-width="6" stroke-linecap="round" transform="rotate(${needle.toFixed(1)})"/>
    <circle r="12" fill="${C.nightInk}"/>
    <rect x="-78" y="40" width="156" height="40" rx="6" fill="#0d0f12" stroke="${C.edge}"/>
    ${text(reading, { x: 0, y: 69, size: 26, weight: 'SemiBold', fill: C.nightInk, anchor: 'middle', tracking: 4 })}`;
}

/** A bill card: white paper, a heading, and rows of bars. */
function billCard(x: number, y: number, w: number, h: number, title: string, body: string): string {
  return `<g transform="translate(${x} ${y})">
    <rect width="${w}" height="${h}" rx="14" fill="#000" opacity="0.25" transform="translate(0 10)"/>
    <rect width="${w}" height="${h}" rx="14" fill="#fff"/>
    <rect width="${w}" height="10" rx="5" fill="${C.accent}"/>
    ${text(title, { x: 32, y: 58, size: 26, weight: 'Bold', fill: C.ink })}
    <path d="M32 80H${w - 32}" stroke="${C.line}" stroke-width="2"/>
    ${body}
  </g>`;
}

// ---- the scenes --------------------------------------------------------------------------------------

type Draw = (scene: FilmScene, s: number) => string;

const title: Draw = (scene, s) => {
  const arrive = easeOut((s - 0.2) / 2.4);
  const x = -360 + (W / 2 + 360) * arrive;
  const travel = 900 * arrive;
  const [headline = '', second = ''] = scene.words;
  return `<ellipse cx="${W / 2}" cy="560" rx="520" ry="260" fill="url(#redglow)" opacity="${(0.3 + 0.7 * arrive).toFixed(3)}"/>
    ${road(560, travel)}
    ${car(x, 600, 1.55, travel * 1.6)}
    ${rising(headline, s, 1.4, { x: W / 2, y: 190, size: 64, weight: 'Bold', fill: C.nightInk, anchor: 'middle' })}
    <rect x="${W / 2 - 40 * rise(s, 1.8, 0.8)}" y="222" width="${80 * rise(s, 1.8, 0.8)}" height="5" rx="2.5" fill="${C.accent}"/>
    ${rising(second, s, 2.1, { x: W / 2, y: 282, size: 32, fill: C.nightMuted, anchor: 'middle' })}`;
};

const price: Draw = (scene, s) => {
  const base = rise(s, 1.0, 0.9);
  const miles = easeInOut((s - 3.2) / 2.4);
  const row = (y: number, label: string, bar: string) => `${text(label, { x: 32, y, size: 22, fill: C.muted })}${bar}`;
  const baseBar = (y: number, k: number) => `<rect x="32" y="${y}" width="${(120 * k).toFixed(1)}" height="30" rx="6" fill="${C.base}"/>`;
  const milesBar = (x: number, y: number, k: number) => (k > 0 ? `<rect x="${x}" y="${y}" width="${(250 * k).toFixed(1)}" height="30" rx="6" fill="${C.accent}"/>` : '');
  const body = [
    row(124, 'Base rate, each month', baseBar(138, base)),
    s > 2.8 ? row(214, 'A rate for each mile driven', milesBar(32, 228, miles)) : '',
    `<path d="M32 294H408" stroke="${C.line}" stroke-width="2"/>`,
    row(330, 'Your bill', `${baseBar(344, base)}${milesBar(156, 344, miles)}`),
  ].join('');
  const card = rise(s, 0.2, 0.8);
  return `${brandMark()}${words(scene, s, 3.0)}
    <g opacity="${card.toFixed(3)}" transform="translate(0 ${((1 - card) * 30).toFixed(1)})">${billCard(700, 170, 440, 400, 'Monthly bill', body)}</g>`;
};

const photo: Draw = (scene, s) => {
  const phone = rise(s, 0.2, 0.9);
  const flash = s > 2.6 && s < 3.3 ? 1 - (s - 2.6) / 0.7 : 0;
  const scan = clamp((s - 3.6) / 1.4);
  const read = rise(s, 5.1, 0.5);
  const corners = [
    [-92, -150, 1, 1],
    [92, -150, -1, 1],
    [-92, 110, 1, -1],
    [92, 110, -1, -1],
  ]
    .map(([x, y, dx, dy]) => `<path d="M${x} ${y! + dy! * 26}V${y}H${x! + dx! * 26}" fill="none" stroke="${C.nightInk}" stroke-width="4" stroke-linecap="round"/>`)
    .join('');
  const scanLine = scan > 0 && scan < 1 ? `<rect x="-104" y="${(-40 + 120 * scan).toFixed(1)}" width="208" height="4" fill="${C.accentLight}" opacity="0.85"/>` : '';
  const check =
    read > 0
      ? `<g opacity="${read.toFixed(3)}" transform="translate(0 ${(172 + (1 - read) * 10).toFixed(1)})">
          <circle cx="-80" cy="-8" r="16" fill="${C.success}"/>
          <path d="M-88 -8l5.5 5.5l11 -11" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
          ${text('Read: 013 347', { x: -56, y: 0, size: 22, weight: 'SemiBold', fill: C.nightInk })}
        </g>`
      : '';
  return `${brandMark()}${words(scene, s, 3.6)}
    <g opacity="${phone.toFixed(3)}" transform="translate(930 ${(372 + (1 - phone) * 40).toFixed(1)})">
      <rect x="-128" y="-238" width="256" height="476" rx="34" fill="#0d0f12" stroke="${C.edge}" stroke-width="3"/>
      <rect x="-112" y="-212" width="224" height="424" rx="18" fill="${C.night}"/>
      <g clip-path="url(#screen)">
        <g transform="translate(0 -28) scale(0.72)">${dial('013 347', -38)}</g>
        ${corners}
        ${scanLine}
        <rect x="-112" y="-212" width="224" height="424" fill="#fff" opacity="${(flash * 0.85).toFixed(3)}"/>
        ${check}
      </g>
      <rect x="-30" y="-228" width="60" height="6" rx="3" fill="${C.edge}"/>
    </g>`;
};

/** An odometer counter of six wheels showing `value`, each wheel rolling as a real one does. */
function counter(value: number): string {
  const cellW = 64;
  const cellH = 88;
  const cells: string[] = [];
  for (let i = 0; i < 6; i++) {
    const place = 10 ** i;
    const digit = Math.floor(value / place) % 10;
    const below = value % place;
    const fraction = i === 0 ? value - Math.floor(value) : clamp(below - (place - 1));
    const x = (5 - i) * (cellW + 8);
    const glyphs = [digit, (digit + 1) % 10]
      .map((d, k) => text(String(d), { x: x + cellW / 2, y: 64 + (k - fraction) * cellH, size: 58, weight: 'SemiBold', fill: i === 0 ? '#fff' : C.nightInk, anchor: 'middle' }))
      .join('');
    cells.push(`<g><clipPath id="wheel${i}"><rect x="${x}" y="0" width="${cellW}" height="${cellH}" rx="8"/></clipPath>
      <rect x="${x}" y="0" width="${cellW}" height="${cellH}" rx="8" fill="${i === 0 ? C.accentDeep : '#0d0f12'}" stroke="${C.edge}"/>
      <g clip-path="url(#wheel${i})">${glyphs}</g></g>`);
  }
  return cells.join('');
}

const bill: Draw = (scene, s) => {
  const roll = easeInOut((s - 1.2) / 3.4);
  const value = 12847 + 500 * roll;
  const miles = Math.round(500 * roll);
  const shown = rise(s, 0.2, 0.8);
  const done = rise(s, 4.7, 0.6);
  const bars = `<rect x="0" y="0" width="120" height="30" rx="6" fill="${C.base}"/>
    ${roll > 0 ? `<rect x="124" y="0" width="${(300 * roll).toFixed(1)}" height="30" rx="6" fill="${C.accent}"/>` : ''}`;
  return `${brandMark()}${words(scene, s, 1.0)}
    <g opacity="${shown.toFixed(3)}" transform="translate(696 ${(190 + (1 - shown) * 30).toFixed(1)})">
      <rect x="-24" y="-24" width="480" height="136" rx="16" fill="#0d0f12" opacity="0.6" stroke="${C.edge}"/>
      ${counter(value)}
      ${text('miles', { x: 432, y: 140, size: 22, fill: C.nightMuted, anchor: 'end' })}
      ${text(`+${miles} miles`, { x: 0, y: 210, size: 40, weight: 'Bold', fill: C.accentLight })}
      ${text('an example', { x: 0, y: 246, size: 22, fill: C.nightMuted, opacity: done })}
      <g transform="translate(0 290)">
        ${text('Your bill', { x: 0, y: 0, size: 22, fill: C.nightMuted })}
        <g transform="translate(0 18)">${bars}</g>
        ${text('base rate', { x: 0, y: 80, size: 20, fill: C.nightMuted })}
        ${text('the miles', { x: 124, y: 80, size: 20, fill: C.accentLight, opacity: clamp(roll * 4) })}
      </g>
    </g>`;
};

const less: Draw = (scene, s) => {
  const months = [
    { name: 'Summer', miles: 800, at: 0.9 },
    { name: 'Autumn', miles: 300, at: 1.7 },
    { name: 'Winter', miles: 0, at: 2.5 },
  ];
  const floor = 560;
  const bars = months
    .map((month, i) => {
      const grow = rise(s, month.at, 0.9);
      const x = 720 + i * 150;
      const baseH = 70 * grow;
      const milesH = (month.miles / 800) * 250 * grow;
      return `<g>
        <rect x="${x}" y="${(floor - baseH).toFixed(1)}" width="96" height="${baseH.toFixed(1)}" rx="6" fill="${C.base}"/>
        ${milesH > 0 ? `<rect x="${x}" y="${(floor - baseH - milesH - 4).toFixed(1)}" width="96" height="${milesH.toFixed(1)}" rx="6" fill="${C.accent}"/>` : ''}
        ${text(`${month.miles} mi`, { x: x + 48, y: floor - baseH - milesH - 20, size: 24, weight: 'SemiBold', fill: C.nightInk, anchor: 'middle', opacity: grow })}
        ${text(month.name, { x: x + 48, y: floor + 40, size: 24, fill: C.nightMuted, anchor: 'middle', opacity: rise(s, month.at - 0.3, 0.6) })}
      </g>`;
    })
    .join('');
  const snow = rise(s, 3.6, 0.8);
  const flake = Array.from({ length: 3 }, (_, i) => `<path d="M0 -22V22" transform="rotate(${i * 60})"/>`).join('');
  const legend = rise(s, 3.8, 0.6);
  return `${brandMark()}${words(scene, s, 3.6)}
    <path d="M700 ${floor}H1180" stroke="${C.edge}" stroke-width="2"/>
    ${bars}
    <g opacity="${snow.toFixed(3)}" transform="translate(1068 ${(floor - 150 + (1 - snow) * -20).toFixed(1)}) rotate(${(snow * 30).toFixed(1)})" stroke="${C.nightInk}" stroke-width="4" stroke-linecap="round">${flake}</g>
    <g opacity="${legend.toFixed(3)}">
      <rect x="720" y="${floor + 70}" width="20" height="20" rx="4" fill="${C.base}"/>
      ${text('base rate', { x: 750, y: floor + 88, size: 20, fill: C.nightMuted })}
      <rect x="880" y="${floor + 70}" width="20" height="20" rx="4" fill="${C.accent}"/>
      ${text('miles', { x: 910, y: floor + 88, size: 20, fill: C.nightMuted })}
    </g>`;
};

const quote: Draw = (scene, s) => {
  const [headline = '', second = ''] = scene.words;
  const glow = rise(s, 0.2, 1.2);
  return `<ellipse cx="${W / 2}" cy="520" rx="460" ry="220" fill="url(#redglow)" opacity="${glow.toFixed(3)}"/>
    ${road(560, 0)}
    ${car(W / 2, 600, 1.35, 0)}
    ${rising(BRAND.productName, s, 0.2, { x: W / 2, y: 120, size: 30, weight: 'SemiBold', fill: C.accentLight, anchor: 'middle', tracking: 1 })}
    ${rising(headline, s, 0.6, { x: W / 2, y: 206, size: 64, weight: 'Bold', fill: C.nightInk, anchor: 'middle' })}
    ${rising(second, s, 1.4, { x: W / 2, y: 270, size: 32, fill: C.nightMuted, anchor: 'middle' })}`;
};

const DRAW: Record<FilmScene['id'], Draw> = { title, price, photo, bill, less, quote };

/** The length of the film in seconds: the end of its last scene. */
export const FILM_SECONDS = FILM_SCENES.at(-1)!.end;

/** Fades: between scenes through the night colour, and into and out of the film. */
const FADE = 0.45;

/** The frame at `t` seconds, as an SVG document of the film's size. */
export function frame(t: number): string {
  const scene = FILM_SCENES.find((candidate) => t >= candidate.start && t < candidate.end) ?? FILM_SCENES.at(-1)!;
  const s = t - scene.start;
  const length = scene.end - scene.start;
  const last = scene === FILM_SCENES.at(-1);
  const fadeIn = scene === FILM_SCENES[0] ? 1 : clamp(s / FADE);
  const fadeOut = clamp((length - s) / (last ? 0.9 : FADE));
  const shown = Math.min(fadeIn, fadeOut);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${DEFS}
    <rect width="${W}" height="${H}" fill="url(#glow)"/>
    <g opacity="${shown.toFixed(3)}">${DRAW[scene.id](scene, s)}</g>
  </svg>`;
}
