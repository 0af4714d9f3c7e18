/**
 * The README's worked example, computed: `node api/rating/worked-example.ts` prints it, and
 * worked-example.test.ts checks that README.md carries exactly this text, so the README cannot drift
 * from the engine. It rebuilds two coverage lines factor by factor from the table and checks them against
 * priceQuote's own lines, then shows the whole quote and its totals.
 */
import { FEES, formatCents, parseIsoDate } from '../../contract/index.ts';
import { decodeVin } from '../vin/decode.ts';
import {
  WEIGHTS, ageOn, curveFactor, deductibleFactor, driverFactor, householdFactor, insuranceScoreFactor,
  priorInsuranceFactor, splitLimitFactor, step, territoryFactor,
} from './factors.ts';
import { priceQuote, rateTableFor } from './index.ts';
import { prepared, typicalRequest } from './testing.ts';

const f3 = (n: number) => n.toFixed(3);
const mills = (m: number) => `$${(m / 1000).toFixed(3)}`;

export function workedExample(): string {
  const request = typicalRequest('AZ');
  const table = rateTableFor('AZ', request.effectiveDate);
  const c = table.curves;
  const quote = priceQuote(prepared(request));
  const vehicle = quote.vehicles[0]!;
  const out: string[] = [];
  const say = (line = '') => out.push(line);

  const effective = parseIsoDate(request.effectiveDate)!;
  const driver = request.drivers[0]!;
  const age = ageOn(parseIsoDate(driver.dob)!, effective);
  const decoded = decodeVin(request.vehicles[0]!.vin, new Date(2026, 10, 21));
  if (decoded.kind !== 'porsche') throw new Error('the example VIN must decode');
  const territory = territoryFactor(table.territory, request.addresses[0]!.zip);
  const drivers = householdFactor(c, [driverFactor(c, { age, married: false, violations: 0, expiredLicence: false })]);
  const prior = priorInsuranceFactor(c, request.priorCoverage, request.priorYearsInsured);
  const score = insuranceScoreFactor(c, request.creditScore);
  const ownership = c.ownership[request.vehicles[0]!.lengthOfOwnership]!;
  const vehicleAge = step(c.vehicleAge, effective.year - decoded.year);
  const value = curveFactor(c.statedValue, Number(request.vehicles[0]!.statedValue));

  say(`Request: ${decoded.year} ${decoded.make} ${decoded.model} ${decoded.bodyStyle}, stated value $120,000, garaged in ZIP ${request.addresses[0]!.zip};`);
  say(`one driver aged ${age}, single, no accidents, insured now for over 3 years, credit score ${request.creditScore};`);
  say(`6,000 miles a year; BI 100/300, PD 100000, UMBI 100/300, UIM 100/300, MP 5000, COMP 500, COLL 500, RENT 50/1500.`);
  say(`Table ${table.version} (effective ${table.effectiveDate}), reference ${table.referenceAnnualMiles.toLocaleString('en-US')} miles a year.`);
  say();
  say(`Policy factors: territory ${f3(territory)} (ZIP prefix 850), drivers ${f3(drivers)}, prior insurance ${f3(prior)},`);
  say(`insurance score ${f3(score)}, ownership 1-2 years ${f3(ownership)}, no policy discounts 1.000.`);
  say(`Vehicle factors: model line ${decoded.model} ${f3(c.modelLine[decoded.model].liability)} liability / ${f3(c.modelLine[decoded.model].physical)} physical,`);
  say(`vehicle age ${effective.year - decoded.year} years ${f3(vehicleAge)}, stated value (120000/100000)^0.85 = ${f3(value)}.`);
  say();

  // BI: the liability group takes every policy factor whole
  const bi = table.baseRates.BI;
  const biLimit = splitLimitFactor(c, 100_000, 300_000);
  const biAnnual = bi.annual * biLimit * territory * drivers * prior * score * ownership * c.modelLine[decoded.model].liability;
  const biBase = Math.round(((biAnnual * (1 - bi.mileageShare)) / 12) * 100);
  const biMile = Math.round(((biAnnual * bi.mileageShare) / table.referenceAnnualMiles) * 1000);
  say(`BI: base rate $${bi.annual.toFixed(2)} a year x limit 100/300 ${f3(biLimit)} x territory ${f3(territory)} x drivers ${f3(drivers)}`);
  say(`    x prior ${f3(prior)} x score ${f3(score)} x ownership ${f3(ownership)} x model ${f3(c.modelLine[decoded.model].liability)} = $${biAnnual.toFixed(2)} a year`);
  say(`    driving share ${bi.mileageShare}: base ${formatCents(biBase)} a month, per mile ${mills(biMile)}`);

  // COLL: collision takes the policy factors whole too, plus the vehicle's physical damage factors
  const coll = table.baseRates.COLL;
  const collDeductible = deductibleFactor(c.deductibles.COLL, 500);
  const physical = c.modelLine[decoded.model].physical * vehicleAge;
  const collAnnual = coll.annual * collDeductible * territory * drivers * prior * score * ownership * physical * value;
  const collBase = Math.round(((collAnnual * (1 - coll.mileageShare)) / 12) * 100);
  const collMile = Math.round(((collAnnual * coll.mileageShare) / table.referenceAnnualMiles) * 1000);
  say(`COLL: base rate $${coll.annual.toFixed(2)} a year x deductible 500 ${f3(collDeductible)} x territory ${f3(territory)} x drivers ${f3(drivers)}`);
  say(`    x prior ${f3(prior)} x score ${f3(score)} x ownership ${f3(ownership)} x physical ${f3(physical)} x value ${f3(value)} = $${collAnnual.toFixed(2)} a year`);
  say(`    driving share ${coll.mileageShare}: base ${formatCents(collBase)} a month, per mile ${mills(collMile)}`);
  say(`(Weights: comprehensive, uninsured and rental take the driver factor to the power ${WEIGHTS.driver.comprehensive}.)`);

  const line = (name: string) => vehicle.coverages.find((l) => l.name === name)!;
  if (line('BI').monthlyBaseCents !== biBase || line('BI').perMileMills !== biMile) throw new Error('BI differs from the engine');
  if (line('COLL').monthlyBaseCents !== collBase || line('COLL').perMileMills !== collMile) throw new Error('COLL differs from the engine');
  say();
  say('Every line, as priceQuote returns it:');
  say('coverage  limit       base/month  per mile   Unlimited 6 months');
  for (const l of vehicle.coverages) {
    say(`${l.name.padEnd(9)} ${l.limit.padEnd(11)} ${formatCents(l.monthlyBaseCents).padStart(10)}  ${mills(l.perMileMills).padStart(7)}  ${formatCents(l.unlimitedCents).padStart(12)}`);
  }
  say(`${'vehicle'.padEnd(21)} ${formatCents(vehicle.baseRateCents).padStart(10)}  ${mills(vehicle.perMileMills).padStart(7)}  ${formatCents(vehicle.unlimitedRateCents).padStart(12)}`);
  say();
  say(`Estimated monthly miles: 6,000 / 12 = ${vehicle.estMonthlyMiles}.`);
  say(`Estimated monthly cost, no fees: ${formatCents(vehicle.baseRateCents)} + ${mills(vehicle.perMileMills)} x ${vehicle.estMonthlyMiles} = ${formatCents(vehicle.estMonthlyNoFeeCents)}.`);
  const fees = FEES.monthlyPolicyFeeCents + FEES.mileageMonitoringFeeCents + FEES.creditCardFeeCents;
  say(`Estimated monthly payment: ${formatCents(vehicle.estMonthlyNoFeeCents)} + policy fee ${formatCents(FEES.monthlyPolicyFeeCents)} + mileage monitoring ${formatCents(FEES.mileageMonitoringFeeCents)} + card fee ${formatCents(FEES.creditCardFeeCents)} = ${formatCents(quote.estimatedMonthlyPaymentCents)} (fees ${formatCents(fees)}).`);
  say(`Down payment, monthly plan: ${formatCents(quote.downPaymentMonthlyCents)}; then 5 payments of ${formatCents(quote.installmentOptions[0]!.installmentCents)}.`);
  say(`Estimated total written (6 months, no fees): ${formatCents(quote.estimatedTotalWrittenCents)}.`);
  say(`Single payment: ${formatCents(quote.estimatedTotalWrittenCents)} + six-month policy fee ${formatCents(FEES.sixMonthPolicyFeeCents)} + card fee ${formatCents(FEES.creditCardFeeCents)} = ${formatCents(quote.downPaymentSingleCents)}.`);
  say(`Unlimited instead: ${formatCents(vehicle.unlimitedRateCents)} for 6 months (6 x base + per mile x 7,300 miles).`);
  return out.join('\n');
}

if (import.meta.main) console.log(workedExample());
