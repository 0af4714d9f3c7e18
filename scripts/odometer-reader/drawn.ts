/**
 * Drawn odometers for the reader's training (train.py --drawn DIR): the same drums and seven-segment
 * displays the tests draw (api/odometer/testing/odometer-images.ts), with seeds and readings of their own,
 * so the reader learns the shapes the tests show it as well as the real photos; none of the tests' own
 * pictures is among them (their seeds are small numbers; these start at 10^9).
 *
 * Usage: node scripts/odometer-reader/drawn.ts OUT_DIR [COUNT]
 * Writes OUT_DIR/drawn-N.(png|jpg) and OUT_DIR/drawn.json: [{ file, reading, box: [x0, y0, x1, y1] }].
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { drawnOdometer, type DisplayStyle } from '../../api/odometer/testing/odometer-images.ts';

const [out, countArg] = process.argv.slice(2);
if (!out) throw new Error('usage: node scripts/odometer-reader/drawn.ts OUT_DIR [COUNT]');
const count = Number(countArg ?? 300);
await mkdir(out, { recursive: true });

let state = 24;
const random = () => {
  state = (state * 1103515245 + 12345) % 2 ** 31;
  return state / 2 ** 31;
};

const made = [];
for (let index = 0; index < count; index += 1) {
  const length = 5 + Math.floor(random() * 3);
  const reading = String(Math.floor(random() * 10 ** length)).padStart(length, '0');
  const style: DisplayStyle = index % 2 === 0 ? 'drum' : 'segments';
  const format = random() < 0.5 ? 'png' : 'jpeg';
  const { bytes, digits } = await drawnOdometer({
    reading, style, dark: random() < 0.5, format, seed: 10 ** 9 + index, width: 500 + Math.floor(random() * 700), noise: 4 + random() * 16,
  });
  const file = `drawn-${index}.${format === 'png' ? 'png' : 'jpg'}`;
  await writeFile(join(out, file), bytes);
  made.push({ file, reading, box: [digits.left, digits.top, digits.left + digits.width, digits.top + digits.height].map((v) => Math.round(v * 10) / 10) });
}
await writeFile(join(out, 'drawn.json'), JSON.stringify(made));
console.log(`${made.length} drawn odometers in ${out}`);
