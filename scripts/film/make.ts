/**
 * `npm run film`: makes the home page's short film (issue 23) from site/home/film.ts and scripts/film/scenes.ts.
 *
 *   1. draws every frame as SVG and rasterises it to PNG with sharp, in a temporary folder;
 *   2. encodes them with ffmpeg to WebM (VP9) and MP4 (H.264, yuv420p, faststart), no sound track;
 *   3. writes the captions (WebVTT) from the same words;
 *   4. checks the two files together are under the budget (FILM_BUDGET_BYTES), or fails.
 *
 * The files land in site/public/media/ and are committed: the site's build and the server never run this,
 * and ffmpeg is needed only here, by whoever changes the film (Debian: apt-get install ffmpeg).
 *
 *   node scripts/film/make.ts                 the whole film
 *   node scripts/film/make.ts --stills 3,9.5  only the frames at those seconds, as PNGs in the temp folder
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { FILM_BUDGET_BYTES, FILM_FILES, FILM_FORMAT, filmCaptions } from '../../site/home/film.ts';
import { FILM_SECONDS, frame } from './scenes.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const PUBLIC = join(ROOT, 'site', 'public');
const { fps } = FILM_FORMAT;

function ffmpegOrExit(): void {
  const found = spawnSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' });
  if (found.error || found.status !== 0) {
    console.error('npm run film needs ffmpeg (only to make the film; the site never does). On Debian or Ubuntu: apt-get install ffmpeg');
    process.exit(1);
  }
}

async function render(t: number, file: string): Promise<void> {
  await sharp(Buffer.from(frame(t))).png({ compressionLevel: 1 }).toFile(file);
}

/** Frames 0..count-1 rendered to dir/NNNN.png, a few at a time. */
async function renderAll(dir: string, count: number): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(4, availableParallelism())) }, async () => {
    while (next < count) {
      const index = next++;
      await render(index / fps, join(dir, `${String(index).padStart(4, '0')}.png`));
      if (index % (fps * 5) === 0) process.stdout.write(`  frame ${index} of ${count}\n`);
    }
  });
  await Promise.all(workers);
}

function encode(dir: string): void {
  const input = ['-hide_banner', '-loglevel', 'error', '-y', '-framerate', String(fps), '-i', join(dir, '%04d.png'), '-an', '-map_metadata', '-1'];
  // VP9: constant quality; flat drawn colours keep the size small. A keyframe every 4 s keeps seeking quick.
  execFileSync('ffmpeg', [...input, '-c:v', 'libvpx-vp9', '-pix_fmt', 'yuv420p', '-crf', '38', '-b:v', '0', '-g', String(fps * 4), '-row-mt', '1', '-deadline', 'good', '-cpu-used', '2', join(PUBLIC, FILM_FILES.webm)], { stdio: 'inherit' });
  // H.264 for the browsers without VP9 (older Safari): yuv420p and +faststart so it starts before it has all arrived.
  execFileSync('ffmpeg', [...input, '-c:v', 'libx264', '-preset', 'slow', '-tune', 'animation', '-crf', '26', '-pix_fmt', 'yuv420p', '-profile:v', 'high', '-g', String(fps * 4), '-movflags', '+faststart', join(PUBLIC, FILM_FILES.mp4)], { stdio: 'inherit' });
}

async function main(): Promise<void> {
  const stillsAt = process.argv.indexOf('--stills');
  const work = mkdtempSync(join(tmpdir(), 'ppm-film-'));
  if (stillsAt !== -1) {
    const times = (process.argv[stillsAt + 1] ?? '').split(',').map(Number).filter((t) => Number.isFinite(t));
    for (const t of times) await render(t, join(work, `still-${t}.png`));
    console.log(`stills in ${work}`);
    return;
  }
  ffmpegOrExit();
  try {
    mkdirSync(join(PUBLIC, 'media'), { recursive: true });
    const count = Math.round(FILM_SECONDS * fps);
    console.log(`Drawing ${count} frames (${FILM_SECONDS} s at ${fps} fps)`);
    await renderAll(work, count);
    console.log('Encoding WebM and MP4');
    encode(work);
    writeFileSync(join(PUBLIC, FILM_FILES.captions), filmCaptions());
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const sizes = [FILM_FILES.webm, FILM_FILES.mp4].map((file) => ({ file, bytes: statSync(join(PUBLIC, file)).size }));
  const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
  for (const { file, bytes } of sizes) console.log(`${file}: ${(bytes / 1000).toFixed(0)} kB`);
  console.log(`together ${(total / 1000).toFixed(0)} kB of ${(FILM_BUDGET_BYTES / 1000).toFixed(0)} kB`);
  if (total > FILM_BUDGET_BYTES) {
    console.error('Over the budget: raise -crf in scripts/film/make.ts, or shorten the film.');
    process.exit(1);
  }
}

await main();
