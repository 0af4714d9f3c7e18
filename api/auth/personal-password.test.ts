import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isPersonalPassword, personalWords } from './personal-password.ts';

const ann = { firstNames: ['Mary Ann'], lastNames: ['Smith-Jones'], emailLower: 'm.a.smith+ppm@example.com' };

test('the words: each name and the e-mail\'s name whole, and their runs of 3 letters or more, lower-cased', () => {
  assert.deepEqual(personalWords(ann).sort(), ['ann', 'jones', 'm.a.smith+ppm', 'mary', 'mary ann', 'ppm', 'smith', 'smith-jones'].sort());
  assert.deepEqual(personalWords({ firstNames: ['Al'], lastNames: ['Li'], emailLower: 'al42@example.com' }), ['al42'], 'short runs are left out');
  assert.deepEqual(personalWords({ firstNames: ['Zoë'], lastNames: ['Ørsted'], emailLower: 'zo@example.com' }), ['zoë', 'ørsted']);
});

test('a password containing one of them, in any letter case, is personal; others are not', () => {
  for (const password of ['MARY-rocks-2024!', 'xxJonesxx9!', 'Smith-1999!a', 'Ppm-Rules-2026!', 'My-M.A.Smith+PPM-1']) {
    assert.equal(isPersonalPassword(password, ann), true, password);
  }
  for (const password of ['Carrera-911-GT3', 'Ma-Sm-Jo-2026!', 'Boxster-718-Spyder']) {
    assert.equal(isPersonalPassword(password, ann), false, password);
  }
  assert.equal(isPersonalPassword('Zoë-Strong-1!', { firstNames: ['ZOË'], lastNames: [], emailLower: 'x@example.com' }), true);
});
