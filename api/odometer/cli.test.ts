import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../testing/harness.ts';
import type { PhotoRead } from './cli.ts';
import { agreedReading } from './verdict.ts';
import { odometerImage } from './testing/odometer-images.ts';

const ROOT = join(import.meta.dirname, '..', '..');

test('readers agree as the verdict compares readings: as numbers, leading zeros aside', () => {
  assert.equal(agreedReading({ first: '031560', second: '31560' }), '031560');
  assert.equal(agreedReading({ first: '031560', second: '031561' }), null);
  assert.equal(agreedReading({ first: '031560', second: null }), null);
  assert.equal(agreedReading({ first: null, second: null }), null);
});

test('npm run read-odometer -- --json: an object per file in the order given, with both readers, the agreed reading, and why a file is refused', async () => {
  const dir = tempDir('ppm-read-odometer-');
  try {
    const photo = join(dir.path, 'odometer.jpg');
    // the drawn odometer the photo route's own test verifies (api/routes/odometer.test.ts)
    writeFileSync(photo, await odometerImage({ reading: '048213', style: 'segments', dark: false, format: 'jpeg', seed: 3 }));
    const notes = join(dir.path, 'notes.jpg');
    writeFileSync(notes, 'not a photo at all');
    const run = spawnSync(process.execPath, ['api/odometer/cli.ts', '--json', notes, photo], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    assert.equal(run.status, 0, run.stderr);
    const reads = JSON.parse(run.stdout) as PhotoRead[];
    assert.deepEqual(reads.map((read) => read.file), [notes, photo]);
    assert.equal(reads[0]!.reading, null);
    assert.match(reads[0]!.refused ?? '', /photo/i);
    assert.deepEqual(reads[1], { file: photo, reading: '048213', readers: { first: '048213', second: '048213' } });

    const missing = spawnSync(process.execPath, ['api/odometer/cli.ts', join(dir.path, 'none.jpg')], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /none\.jpg/);
    const bare = spawnSync(process.execPath, ['api/odometer/cli.ts'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(bare.status, 2);
    assert.match(bare.stderr, /usage: npm run read-odometer -- \[--json\] FILE/);
  } finally {
    dir.remove();
  }
});
