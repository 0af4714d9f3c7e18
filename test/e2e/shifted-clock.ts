/**
 * Loaded first (`node --import`) into the servers of fleet.e2e.test.ts: their clock reads TEST_CLOCK_SHIFT_DAYS
 * days ahead, so a policy bought a moment ago has periods to bill and a term to renew. The server takes every
 * time from this clock (the SQL in api/ never calls now()), so the whole server moves together. Timers and
 * performance.now() are untouched.
 */
const shiftMs = Number(process.env.TEST_CLOCK_SHIFT_DAYS ?? 0) * 86_400_000;

if (shiftMs !== 0) {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args: [] | [string | number | Date] | [number, number, number?, number?, number?, number?, number?]) {
      if (args.length === 0) super(RealDate.now() + shiftMs);
      else super(...(args as [number, number]));
    }

    static override now(): number {
      return RealDate.now() + shiftMs;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}
