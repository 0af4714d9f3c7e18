import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DAILY_CAP_MILES, DEFAULT_MONTHLY_MILES, LIMITS, READING_DAYS } from '../contract/index.ts';
import { QUESTIONS } from './faq/questions.ts';
import { MISSED_READING_WORDS } from './missed-reading.ts';

const faqText = QUESTIONS.flatMap((q) => q.answer.flatMap((paragraph) => paragraph.map((part) => (typeof part === 'string' ? part : part.text)))).join('\n');
const smsSource = readFileSync(join(import.meta.dirname, 'pages', 'legal', 'sms.astro'), 'utf8');
const words = MISSED_READING_WORDS.join(' ');

/** Every "N miles" or "N-mile" figure in a text, as a number. */
const mileFigures = (text: string): number[] => [...text.matchAll(/(\d[\d,]*)[ -]miles?\b/g)].map((m) => Number(m[1]!.replaceAll(',', '')));

test('the FAQ and the SMS terms name the default mileage, its due date, the cap and the daily cap from the billing constants', () => {
  const expected = [
    `${READING_DAYS.dueAfterEnd} days after the end of its billing period`,
    `${DEFAULT_MONTHLY_MILES.toLocaleString('en-US')} miles a month`,
    `${LIMITS.requestMilesCap.toLocaleString('en-US')}-mile`,
    `Miles above ${DAILY_CAP_MILES} a day are not charged.`,
    'You never pay for a mile twice.',
    'if you drove less, the difference is credited on your next bill',
  ];
  for (const phrase of expected) {
    assert.ok(words.includes(phrase), `site/missed-reading.ts says "${phrase}"`);
    assert.ok(faqText.includes(phrase), `the FAQ says "${phrase}"`);
  }
  assert.match(smsSource, /\{MISSED_READING_WORDS\.map\(/, 'the SMS terms print site/missed-reading.ts');
});

test('today the figures read 7 days, 1,217 miles, 14,600 miles and 250 a day', () => {
  assert.equal(words.includes('7 days after') && words.includes('1,217 miles a month') && words.includes('14,600-mile') && words.includes('250 a day'), true, words);
});

test('no mileage figure on these pages drifts from the constants: each is the default, the yearly cap or the daily cap', () => {
  const allowed = new Set([DEFAULT_MONTHLY_MILES, LIMITS.requestMilesCap, DAILY_CAP_MILES]);
  for (const [where, text] of [['FAQ', faqText], ['SMS terms', smsSource], ['missed-reading words', words]] as const) {
    for (const figure of mileFigures(text)) assert.ok(allowed.has(figure), `${where} names ${figure} miles, which is no billing constant`);
  }
});

test("the SMS terms keep July 2023's words on a missed reading", () => {
  const flat = smsSource.replace(/\s+/g, ' ');
  assert.ok(flat.includes('If we do not receive a reading for a billing period, we charge that period at a maximum default mileage.'));
  assert.ok(flat.includes('Sending your reading on time keeps your bill to the miles you actually drove.'));
  assert.ok(faqText.includes('If a reading is missed, that period is billed at a maximum default mileage'));
});
