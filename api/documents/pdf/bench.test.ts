import { test } from 'node:test';
import assert from 'node:assert/strict';
import { benchDocuments } from './bench.ts';
import { SAMPLE_DRIVERS, SAMPLE_VEHICLES, sampleApplication } from './testing.ts';

// The aim is 50 ms a document (issue 8, Speed); the ceiling here only catches a builder gone badly wrong,
// since a test run shares two cores with everything else the suite runs.
const CEILING_MS = 500;

test('every document builds well within its time, with two vehicles and with four', async (t) => {
  const largest = sampleApplication({ vehicles: [...SAMPLE_VEHICLES], drivers: [...SAMPLE_DRIVERS] });
  for (const [label, model] of [['2 vehicles', sampleApplication()], ['4 vehicles', largest]] as const) {
    const timings = await benchDocuments(5, model);
    t.diagnostic(`${label}: ${Object.entries(timings).map(([kind, ms]) => `${kind} ${ms.toFixed(1)} ms`).join(', ')}`);
    for (const [kind, ms] of Object.entries(timings)) assert.ok(ms > 0 && ms < CEILING_MS, `${kind}: ${ms} ms`);
  }
});
