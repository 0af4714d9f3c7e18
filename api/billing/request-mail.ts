/**
 * The words of a reading request and its reminders (issue 21, items 2 and 4): an e-mail and, when the policy
 * has a mobile number, a text, each with its own odometer link. Both say plainly what a missed reading costs:
 * the default mileage (1,217 miles, the monthly share of the 14,600-mile cap, as the SMS terms' maximum
 * default mileage) and that the next reading trues it up, crediting the miles not driven.
 *
 * The e-mail names the person by first name, the policy by number and the vehicles by year, make and model;
 * the text, read on a lock screen, holds the policy number and the link only (api/messages/texts.ts).
 */
import { BRAND, isoToUs } from '../../contract/index.ts';
import { brandedHtml, buttonLink, careLine, escapeHtml, paragraph } from '../mail/layout.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { DEFAULT_MONTHLY_MILES } from './schedule.ts';

export const READING_REQUEST_MAIL_KIND = 'odometer reading request mail';
export const READING_REQUEST_TEXT_KIND = 'odometer reading request text';

const us = (iso: string) => isoToUs(iso) ?? iso;
const defaultMiles = DEFAULT_MONTHLY_MILES.toLocaleString('en-US');

/** One vehicle asked: a Pay-Per-Mile period's reading, or an Unlimited vehicle's reading of the term. */
export type AskedVehicle =
  | { plan: 'per_mile'; name: string; periodStart: string; periodEnd: string; dueOn: string }
  | { plan: 'capped'; name: string; termStart: string; termEnd: string };

export interface ReadingRequestInput {
  to: string;
  firstName: string;
  policyNumber: string;
  /** 0: the request; 1, 2: its reminders. */
  reminder: number;
  vehicles: readonly AskedVehicle[];
  odometerUrl: string;
}

/** The plain words on the default mileage and the true-up, the same in every request and reminder. */
const MISSED_READING_WORDS =
  `If we have no reading by the due date, that month is billed the default mileage of ${defaultMiles} miles, as our SMS terms say. ` +
  'Your next reading trues it up: the miles you really drove are counted against the default, and any you did not drive are credited on your next bill. You never pay for a mile twice.';

function vehicleLine(vehicle: AskedVehicle): string {
  if (vehicle.plan === 'capped') {
    return `${vehicle.name} (Unlimited): one reading for the term from ${us(vehicle.termStart)} to ${us(vehicle.termEnd)}. Unlimited is not billed by the mile; the reading keeps your record complete.`;
  }
  return `${vehicle.name} (Pay-Per-Mile): the reading that closes the month from ${us(vehicle.periodStart)} to ${us(vehicle.periodEnd)}, due by ${us(vehicle.dueOn)}.`;
}

const perMileDue = (vehicles: readonly AskedVehicle[]) =>
  vehicles.flatMap((vehicle) => (vehicle.plan === 'per_mile' ? [vehicle.dueOn] : [])).sort()[0];

export function readingRequestMail(input: ReadingRequestInput): MailMessage {
  const due = perMileDue(input.vehicles);
  const subject =
    (input.reminder > 0 ? 'Reminder: ' : '') +
    `Your odometer photo for policy ${input.policyNumber}${due ? `, due ${us(due)}` : ''}`;
  const lines = [
    `Hello${input.firstName ? ` ${input.firstName}` : ''}, it is time for a photo of your odometer${input.vehicles.length > 1 ? 's' : ''}:`,
    ...input.vehicles.map(vehicleLine),
    'It takes a minute from your phone: open the link, pick the vehicle, type the miles shown and take the photo.',
    ...(due ? [MISSED_READING_WORDS] : []),
  ];
  const text = `${lines.join('\n\n')}\n\nSend your odometer photo: ${input.odometerUrl}\n\nQuestions? Call ${BRAND.phone} or write to ${BRAND.email}.\n`;
  const body =
    lines.map((line) => paragraph(escapeHtml(line))).join('\n') + buttonLink(input.odometerUrl, 'Send your odometer photo') + careLine();
  return {
    to: input.to,
    subject,
    text,
    html: brandedHtml({
      subject,
      body,
      why: `You received this e-mail because your ${BRAND.productName} policy ${input.policyNumber} is billed by the odometer readings you send.`,
    }),
  };
}

/** The text: the policy number, the due date, the default mileage and the link; no name, no vehicle. */
export function readingRequestText(input: Omit<ReadingRequestInput, 'to' | 'firstName'>): string {
  const due = perMileDue(input.vehicles);
  const lead = `${BRAND.productName}: ${input.reminder > 0 ? 'reminder, ' : ''}your odometer photo for policy ${input.policyNumber}${due ? ` is due ${us(due)}` : ' is due'}. Send it here: ${input.odometerUrl}`;
  const missed = due ? ` No reading by then: the month is billed ${defaultMiles} miles, and your next reading credits any miles not driven.` : '';
  return `${lead}${missed} Reply STOP to opt out, HELP for help.`;
}
