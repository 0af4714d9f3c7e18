import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { WRITING_STATES } from '../../contract/index.ts';
import {
  DAILY_CAP_MILES, DEFAULT_MONTHLY_MILES, MINIMUM_CHARGE_CENTS, PAYMENT_RETRY_DAYS_AFTER_FIRST_FAILURE, READING_DAYS,
  cancellationNoticeDays, cancellationNoticeSource, declineIsRetriable,
} from './schedule.ts';

describe('the billing figures', () => {
  test('are the issue\'s: a reading asked at the end, reminded after 3 and 6 days, due after 7', () => {
    assert.equal(READING_DAYS.requestAfterEnd, 0);
    assert.deepEqual(READING_DAYS.remindersAfterEnd, [3, 6]);
    assert.equal(READING_DAYS.dueAfterEnd, 7);
    assert.equal(READING_DAYS.windowBeforeEnd, 7);
    assert.deepEqual(PAYMENT_RETRY_DAYS_AFTER_FIRST_FAILURE, [3, 5, 7]);
    assert.equal(DAILY_CAP_MILES, 250);
    assert.equal(MINIMUM_CHARGE_CENTS, 50, "Stripe's minimum charge in US dollars: $0.50");
  });

  test('the default mileage is the monthly share of the 14,600-mile cap: 14,600 / 12 = 1,216.67, so 1,217', () => {
    assert.equal(DEFAULT_MONTHLY_MILES, 1_217);
  });
});

describe('a declined bill', () => {
  test('is retried for a decline the networks allow to retry, or without a decline code', () => {
    for (const code of ['insufficient_funds', 'generic_decline', 'do_not_honor', 'try_again_later', undefined]) {
      assert.equal(declineIsRetriable(code), true, String(code));
    }
  });

  test('is never retried when the card is lost, stolen, to be picked up, or the authorisation was revoked', () => {
    for (const code of [
      'lost_card', 'stolen_card', 'pickup_card', 'revocation_of_authorization', 'revocation_of_all_authorizations',
      'stop_payment_order', 'do_not_try_again',
    ]) {
      assert.equal(declineIsRetriable(code), false, code);
    }
  });
});

describe('the notice of cancellation for non-payment', () => {
  test('runs 10 days in every state we write in: the statutes read say 10, the rest take the default', () => {
    for (const state of WRITING_STATES) assert.equal(cancellationNoticeDays(state), 10, state);
  });

  test('cites a statute with its address where one was read, and says "no source: default" where none was', () => {
    for (const state of ['CO', 'OH', 'OR', 'TN', 'TX']) {
      assert.match(cancellationNoticeSource(state), /^(C\.R\.S\.|Ohio R\.C\.|ORS|Tenn\. Code|Tex\. Ins\. Code) .*\(https?:\/\/\S+\)$/, state);
    }
    for (const state of ['AZ', 'FL', 'GA']) assert.equal(cancellationNoticeSource(state), 'no source: default', state);
  });

  test('a state outside the table takes the default', () => {
    assert.equal(cancellationNoticeDays('PA'), 10);
    assert.equal(cancellationNoticeSource('PA'), 'no source: default');
  });
});
