/**
 * GET /api/user/statements's answer for the page's browser test and its screenshots
 * (test/e2e/statements-screenshots.ts): a true-up with a failed charge, a default month, a capped month with an
 * Unlimited car and no bill yet.
 */
import type { StatementsAnswer } from '../../../contract/api/account.ts';

export const ODOMETER = '/odometer?token=odoTokenAbcdefghijk';
export const PHOTO = '/api/user/odometer_photo/41';
export const CAR = '2022 Porsche 911 Carrera S';
/** The June period's bill's PDF (GET /api/user/bill_pdf/:billId). */
export const BILL_PDF = '/api/user/bill_pdf/7';
const vehicle = { carNumber: 1, name: CAR, plan: 'per_mile' as const, perMileMills: 71 };
const inAdvance = [
  { kind: 'base', carNumber: 1, label: 'Base rate, next period, car 1', cents: 9_540 },
  { kind: 'monitoring-fee', carNumber: 1, label: 'Mileage monitoring fee, car 1', cents: 500 },
  { kind: 'policy-fee', carNumber: null, label: 'Monthly policy fee', cents: 1_000 },
  { kind: 'payment-fee', carNumber: null, label: 'Convenience fee', cents: 495 },
];
const bill = { kind: 'period' as const, failedOn: null, nextTryOn: null, documentUrl: null };

const unlimited = { carNumber: 2, name: '1989 Porsche 944 Turbo', plan: 'capped' as const, perMileMills: null, reading: null, billedMiles: null, found: null };

/**
 * GET /api/user/statements's answer, as the API gives it (contract StatementsAnswer): four periods, newest
 * first. The open one has a photo being checked; the one before it a true-up whose charge failed; then a
 * month billed the default mileage; then a month whose reading the daily cap cut.
 */
export const STATEMENTS: StatementsAnswer = {
  data: {
    policyNumber: 'PPM-1001',
    balanceCents: -11_414,
    odometerUrl: ODOMETER,
    periods: [
      {
        start: '2026-07-02', end: '2026-08-02', dueOn: '2026-08-09', status: 'open',
        vehicles: [{ ...vehicle, reading: { odometer: 12_000, date: '2026-07-30', verified: false, photoUrl: null }, billedMiles: null, found: null }, unlimited],
        bills: [],
      },
      {
        start: '2026-06-02', end: '2026-07-02', dueOn: '2026-07-09', status: 'closed',
        vehicles: [
          { ...vehicle, reading: { odometer: 11_800, date: '2026-07-03', verified: true, photoUrl: PHOTO }, billedMiles: 0, found: { kind: 'reading', drivenMiles: 1_200, capMiles: null, alreadyBilledMiles: 1_217 } },
          unlimited,
        ],
        bills: [{
          ...bill, billDate: '2026-07-03', totalCents: 11_414, status: 'due', statusOn: '2026-07-03', failedOn: '2026-07-03', nextTryOn: '2026-07-06',
          documentUrl: BILL_PDF,
          lines: [
            { kind: 'miles', carNumber: 1, label: 'Miles, car 1: 0 x $0.071 (1,200 driven - 1,217 billed by default)', cents: 0 },
            { kind: 'miles-credit', carNumber: 1, label: 'Default miles not driven, car 1: 17 x $0.071', cents: -121 },
            ...inAdvance,
          ],
        }],
      },
      {
        start: '2026-05-02', end: '2026-06-02', dueOn: '2026-06-09', status: 'closed',
        vehicles: [{ ...vehicle, reading: null, billedMiles: 1_217, found: { kind: 'default', capMiles: null } }, unlimited],
        bills: [{ ...bill, billDate: '2026-06-09', totalCents: 20_176, status: 'paid', statusOn: '2026-06-09', lines: [{ kind: 'miles', carNumber: 1, label: 'Default miles (no reading), car 1: 1,217 x $0.071', cents: 8_641 }, ...inAdvance] }],
      },
      {
        start: '2026-04-02', end: '2026-05-02', dueOn: '2026-05-09', status: 'closed',
        vehicles: [
          { ...vehicle, reading: { odometer: 10_600, date: '2026-05-02', verified: true, photoUrl: PHOTO }, billedMiles: 7_500, found: { kind: 'reading', drivenMiles: 9_000, capMiles: 7_500, alreadyBilledMiles: 0 } },
          unlimited,
        ],
        bills: [{ ...bill, billDate: '2026-05-02', totalCents: 64_785, status: 'paid', statusOn: '2026-05-02', lines: [{ kind: 'miles', carNumber: 1, label: 'Miles, car 1: 7,500 x $0.071', cents: 53_250 }, ...inAdvance] }],
      },
    ],
  },
};
