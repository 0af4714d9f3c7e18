/**
 * The site's build settings, read from the environment once, here, when `astro build` runs (never in the
 * browser). README "Configuration" lists them.
 */

/** What the home page's video facade loads on a click (site/home/HomeVideo.astro). */
export interface HomeVideo {
  /** An embedded player in an <iframe> (YouTube through youtube-nocookie.com, Vimeo), or a file in <video>. */
  kind: 'iframe' | 'video';
  /** What the iframe or video loads, on the click only. */
  src: string;
  /** The origin the page's Content-Security-Policy must allow (frame-src or media-src); null for our own. */
  origin: string | null;
}

const README = 'See README.md, "Configuration", PPM_HOME_VIDEO_URL.';
const YOUTUBE_ID = /^[\w-]{11}$/;

/**
 * The video of PPM_HOME_VIDEO_URL: a YouTube link (watch, youtu.be, embed, shorts or youtube-nocookie: played
 * from youtube-nocookie.com, which sets no cookie until played), a Vimeo link (played with dnt=1), or the
 * address of a video file (https, or a path on our own site such as /media/home.mp4). Unset or empty: null,
 * and the page plays our own film (site/home/film.ts). Anything else stops the build with what to write instead.
 */
export function homeVideo(value: string | undefined): HomeVideo | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  if (text.startsWith('/') && !text.startsWith('//')) return { kind: 'video', src: text, origin: null };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`PPM_HOME_VIDEO_URL="${text}" is not an address: write a YouTube or Vimeo link, an https address of a video file, or a path such as /media/home.mp4. ${README}`);
  }
  if (url.protocol !== 'https:') {
    throw new Error(`PPM_HOME_VIDEO_URL="${text}": the video must come over https (a page served over https may not load it otherwise). ${README}`);
  }
  const host = url.hostname.replace(/^(www|m)\./, '');
  const youtube =
    host === 'youtu.be'
      ? url.pathname.slice(1)
      : ['youtube.com', 'youtube-nocookie.com'].includes(host)
        ? (url.searchParams.get('v') ?? url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1] ?? '')
        : null;
  if (youtube !== null) {
    if (!YOUTUBE_ID.test(youtube)) throw new Error(`PPM_HOME_VIDEO_URL="${text}": no YouTube video id found in it (11 letters, digits, - or _). ${README}`);
    return { kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${youtube}?autoplay=1&rel=0`, origin: 'https://www.youtube-nocookie.com' };
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = url.pathname.match(/^\/(?:video\/)?(\d+)/)?.[1];
    if (!id) throw new Error(`PPM_HOME_VIDEO_URL="${text}": no Vimeo video number found in it. ${README}`);
    return { kind: 'iframe', src: `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`, origin: 'https://player.vimeo.com' };
  }
  return { kind: 'video', src: url.href, origin: url.origin };
}

export const HOME_VIDEO: HomeVideo | null = homeVideo(process.env.PPM_HOME_VIDEO_URL);
