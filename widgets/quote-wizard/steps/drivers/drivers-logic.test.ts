import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ISSUER_LENGTH_LABELS, RECENT_COVERAGE_LIMITS, mapRecentLimits } from '../../../../contract/index.ts';
import { emptyDriver, licenceStateFromHome, type DriverForm } from '../../model/wizard-model.ts';
import {
  addDriver, applyExclusion, applyPriorInsurance, asksAddAnother, asksPriorDetails, backFrom, canRemove,
  chooseIndustry, chooseOccupation, continueFrom, countedDrivers, duplicateLicence, followInfo, isBlocked,
  isListStatus, issuerLengthLabel, legendFor, removeDriver, setField, setMarital, showsMaxDrivers,
} from './drivers-logic.ts';

const TODAY = { year: 2025, month: 3, day: 10 };

function driver(role: DriverForm['role'], fields: Partial<DriverForm> = {}): DriverForm {
  return { ...emptyDriver(role), ...fields };
}
const roles = (list: readonly DriverForm[]) => list.map((d) => d.role);
const legends = (list: readonly DriverForm[]) => list.map((_, i) => legendFor(list, i));

describe('driver pages: legends, marital answer and spouse entries (doc 2 section 4)', () => {
  it('names each page by role and position', () => {
    const list = [driver('primary'), driver('spouse'), driver('additional'), driver('additionalSpouse')];
    assert.deepEqual(legends(list), ['primary', 'spouse', 'additional', 'additionalSpouse']);
  });

  it('Married creates the spouse entry right after the driver and sets add-another to No', () => {
    const list = setMarital([driver('primary', { addAnotherDriver: 'Yes' })], 0, 'Married');
    assert.deepEqual(roles(list), ['primary', 'spouse']);
    assert.equal(list[0]!.maritalStatus, 'Married');
    assert.equal(list[0]!.addAnotherDriver, 'No');
    assert.equal(list[1]!.relation, 'Spouse');
    assert.equal(list[1]!.maritalStatus, 'Married');
    // answering Married again does not add a second spouse
    assert.equal(setMarital(list, 0, 'Married').length, 2);
  });

  it("a later driver's spouse is an 'Additional Driver Spouse' inserted before the drivers that follow", () => {
    const list = setMarital([driver('primary'), driver('additional'), driver('additional')], 1, 'Married');
    assert.deepEqual(roles(list), ['primary', 'additional', 'additionalSpouse', 'additional']);
  });

  it('leaving Married removes the following spouse; add-another is Yes if drivers follow', () => {
    const married = setMarital([driver('primary'), driver('additional')], 0, 'Married');
    assert.deepEqual(roles(married), ['primary', 'spouse', 'additional']);
    const single = setMarital(married, 0, 'Single');
    assert.deepEqual(roles(single), ['primary', 'additional']);
    assert.equal(single[0]!.addAnotherDriver, 'Yes');
    const alone = setMarital(setMarital([driver('primary')], 0, 'Married'), 0, 'Single');
    assert.deepEqual(roles(alone), ['primary']);
    assert.equal(alone[0]!.addAnotherDriver, 'No', "the last page starts again from a fresh page's No");
  });

  it('removing a married driver removes their spouse; the first driver and spouses have no Remove', () => {
    const list = [driver('primary', { addAnotherDriver: 'Yes' }), driver('additional', { maritalStatus: 'Married' }), driver('additionalSpouse')];
    assert.equal(canRemove(list, 0), false);
    assert.equal(canRemove(list, 2), false);
    const after = removeDriver(list, 1);
    assert.deepEqual(roles(after.drivers), ['primary']);
    assert.equal(after.index, 0);
    assert.equal(after.drivers[0]!.addAnotherDriver, 'No', 'the driver it was Yes for is gone');
    const middle = removeDriver([driver('primary'), driver('additional'), driver('additional')], 1);
    assert.equal(middle.drivers.length, 2);
    assert.equal(middle.index, 0);
  });

  it('a removed spouse-less driver keeps the spouse roles right', () => {
    const list = [driver('primary'), driver('additional'), driver('additional', { maritalStatus: 'Married' }), driver('additionalSpouse')];
    const after = removeDriver(list, 1);
    assert.deepEqual(roles(after.drivers), ['primary', 'additional', 'additionalSpouse']);
  });
});

describe('Continue and Back between driver pages', () => {
  it('moves to the next page, creates one on add-another Yes, else finishes', () => {
    const two = [driver('primary'), driver('additional')];
    const moved = continueFrom(two, 0);
    assert.deepEqual(moved, { kind: 'page', drivers: two, index: 1 });
    assert.equal(moved.kind === 'page' && moved.drivers, two, 'the same list: nothing changed, no quote discarded');
    const yes = continueFrom([driver('primary', { addAnotherDriver: 'Yes' })], 0);
    assert.equal(yes.kind, 'page');
    if (yes.kind === 'page') assert.deepEqual(roles(yes.drivers), ['primary', 'additional']);
    assert.deepEqual(continueFrom([driver('primary', { addAnotherDriver: 'No' })], 0), { kind: 'finish' });
    const married = continueFrom([driver('primary', { maritalStatus: 'Married' })], 0);
    assert.equal(married.kind === 'page' && married.drivers[1]!.role, 'spouse', 'a married last driver gets the spouse page');
    assert.deepEqual(backFrom(1), { kind: 'page', index: 0 });
    assert.deepEqual(backFrom(0), { kind: 'leave' });
  });

  it('counts at most 4 drivers besides spouses; at the maximum add-another is not asked', () => {
    let list = [driver('primary', { maritalStatus: 'Married' }), driver('spouse', { maritalStatus: 'Married' })];
    for (let i = 0; i < 3; i += 1) list = addDriver(list);
    assert.equal(countedDrivers(list), 4);
    assert.equal(list.length, 5);
    assert.equal(addDriver(list).length, 5, 'no fifth driver');
    assert.equal(asksAddAnother(list, 4), false);
    assert.equal(showsMaxDrivers(list, 4), true);
    const withYes = setField(list, 4, 'addAnotherDriver', 'Yes');
    assert.deepEqual(continueFrom(withYes, 4), { kind: 'finish' });
    // a spouse on the last page still asks, below the maximum
    assert.equal(asksAddAnother([driver('primary', { maritalStatus: 'Married' }), driver('spouse', { maritalStatus: 'Married' })], 1), true);
    assert.equal(asksAddAnother([driver('primary', { maritalStatus: 'Married' }), driver('spouse')], 0), false, 'Married: the spouse page asks');
    assert.equal(asksAddAnother([driver('primary'), driver('additional')], 0), false, 'drivers follow: Yes by rule');
  });
});

describe('blocking rules (doc 2 section 5)', () => {
  it('an excluded spouse is LIST, never blocked and never a duplicate', () => {
    const spouse = driver('spouse', { isExcluded: 'Yes', licenseStatus: 'REVOKED', licenseNum: 'D1234567' });
    assert.equal(isListStatus(spouse), true);
    assert.equal(isBlocked(spouse), false);
    assert.equal(isListStatus(driver('additional', { isExcluded: 'Yes' })), false, 'only spouses are excluded');
    assert.equal(isBlocked(driver('additional', { licenseStatus: 'SUSPENDED' })), true);
    assert.equal(isBlocked(driver('primary', { licenseStatus: 'EXPIRED' })), false);
    const list = [driver('primary', { licenseNum: 'd123-4567' }), spouse, driver('additional', { licenseNum: 'D1234567' })];
    assert.equal(duplicateLicence(list, 2), true, 'case and punctuation ignored');
    assert.equal(duplicateLicence(list, 1), false);
    assert.equal(duplicateLicence([list[0]!, driver('additional', { licenseNum: 'D1234568' })], 1), false);
  });

  it('excluding a spouse drops the licence and violation answers', () => {
    const spouse = driver('spouse', { licenseState: 'AZ', licenseStatus: 'ACTIVE', licenseNum: 'D12345678', accidentsConvictions: '1' });
    const excluded = applyExclusion(spouse, 'Yes');
    assert.deepEqual(
      [excluded.isExcluded, excluded.licenseState, excluded.licenseStatus, excluded.licenseNum, excluded.accidentsConvictions],
      ['Yes', '', '', '', ''],
    );
    assert.equal(applyExclusion(spouse, 'No').licenseNum, 'D12345678');
  });
});

describe('prior insurance (doc 2 section 4)', () => {
  const base = driver('primary', { recentCoverageLimits: '250000/500000', recentIssuerLength: '2', previousExpirationDate: '12/31/2025' });

  it('3 and 1 ask the details; 1 presets the expiry to 15 days ago and reads the prior-insurer label', () => {
    assert.equal(asksPriorDetails('3'), true);
    assert.equal(asksPriorDetails('1'), true);
    assert.equal(asksPriorDetails('0'), false);
    assert.equal(asksPriorDetails('2'), false);
    const lapsed = applyPriorInsurance(base, '1', TODAY);
    assert.equal(lapsed.previousExpirationDate, '02/23/2025');
    assert.equal(lapsed.recentCoverageLimits, '250/500');
    assert.equal(lapsed.recentIssuerLength, '2');
    assert.equal(issuerLengthLabel('1'), ISSUER_LENGTH_LABELS.lapsed);
    const current = applyPriorInsurance(lapsed, '3', TODAY);
    assert.equal(current.previousExpirationDate, '', 'other answers reset the expiry');
    assert.equal(issuerLengthLabel('3'), ISSUER_LENGTH_LABELS.current);
  });

  it('0 and 2 drop the recent limits and the length with the insurer', () => {
    for (const answer of ['0', '2']) {
      const next = applyPriorInsurance(base, answer, TODAY);
      assert.equal(next.recentCoverageLimits, '');
      assert.equal(next.recentIssuerLength, '');
      assert.equal(next.previousExpirationDate, '');
    }
  });

  it('maps a stored limit: 250/500 to that option, our own values kept, anything else to the last option', () => {
    assert.equal(mapRecentLimits('250/500'), '250/500');
    assert.equal(mapRecentLimits('$250,000/$500,000'), '250/500');
    assert.equal(mapRecentLimits('BI 250/500 split'), '250/500');
    assert.equal(mapRecentLimits('100/300'), '100/300');
    assert.equal(mapRecentLimits('300 CSL'), RECENT_COVERAGE_LIMITS.at(-1)!.value);
    assert.equal(mapRecentLimits('30/60'), 'OTHER');
  });
});

describe('occupation by industry (doc 2 section 4)', () => {
  const list = { occupations: [{ code: 'A1', label: 'Accountant' }, { code: 'A2', label: 'Auditor' }] };
  const single = { occupations: [{ code: '20', label: 'Retired' }] };
  const free = { occupations: [] };

  it('auto-selects a single occupation, clears a list choice, leaves free text empty', () => {
    const retired = chooseIndustry(driver('primary'), 'retired', single);
    assert.deepEqual([retired.occupation, retired.occupationCode], ['Retired', '20']);
    const finance = chooseIndustry(retired, 'finance', list);
    assert.deepEqual([finance.occupation, finance.occupationCode], ['', '']);
    const picked = chooseOccupation(finance, 'A2', list);
    assert.deepEqual([picked.occupation, picked.occupationCode], ['Auditor', 'A2']);
    assert.equal(chooseIndustry(picked, 'finance', list).occupationCode, 'A2', 'same industry keeps the choice');
    const other = chooseIndustry(picked, 'other', free);
    assert.deepEqual([other.occupation, other.occupationCode], ['', '']);
  });
});

describe('the first driver follows step 1', () => {
  it('copies first name, last name and birth date, relation INSURED', () => {
    const info = { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '12/10/1985' };
    const first = followInfo(driver('primary', { firstName: 'X' }), info);
    assert.deepEqual([first.firstName, first.lastName, first.dateOfBirth, first.relation], ['Ada', 'Lovelace', '12/10/1985', 'INSURED']);
    assert.equal(followInfo(first, info), first, 'unchanged when it already follows');
  });
});

describe("the policyholder's licence state (issue 11)", () => {
  it('starts as the state they live in while unanswered; an answer, a spouse or an unknown state is left alone', () => {
    const first = emptyDriver('primary');
    const spouse = { ...emptyDriver('spouse'), maritalStatus: 'Married' };
    const filled = licenceStateFromHome([first, spouse], 'TX');
    assert.equal(filled[0]!.licenseState, 'TX');
    assert.equal(filled[1], spouse);
    const answered = [{ ...first, licenseState: 'CA' }];
    assert.equal(licenceStateFromHome(answered, 'TX'), answered, 'the same list: nothing changed, no quote discarded');
    const none = [first];
    assert.equal(licenceStateFromHome(none, ''), none);
    assert.equal(licenceStateFromHome(none, 'XX'), none);
  });
});

describe('a fresh driver page (issue 11: fewer inputs)', () => {
  it('starts with the common answers, each a real option: College graduate, no other driver; declarations of the risk asked', () => {
    for (const role of ['primary', 'spouse', 'additional'] as const) {
      const fresh = emptyDriver(role);
      assert.deepEqual(
        [fresh.levelOfEducation, fresh.addAnotherDriver],
        ['CollegeGraduated', 'No'],
        role,
      );
      assert.deepEqual(
        [fresh.gender, fresh.maritalStatus, fresh.licenseNum, fresh.licenseStatus, fresh.accidentsConvictions, fresh.homeRentalStatus, fresh.hasAutoInsurance],
        ['', '', '', '', '', '', ''],
        'asked, not guessed',
      );
    }
    assert.deepEqual(continueFrom([emptyDriver('primary')], 0), { kind: 'finish' }, 'a single driver ends the step');
  });
});
