/**
 * The text sent at bind with the link for the initial odometer photo (doc 3 section 1: "Mileage is reported
 * by a photo of the odometer, through a web link sent by text and email"; issue 7: step 7 says the text is
 * on its way). Queued in the bind's transaction (api/policies/purchase-messages.ts) and again with the
 * onboarding reminders (api/policies/reminders.ts).
 *
 * It goes to the insured's mobile number from the stored quote request (phoneNumbers: the Mobile entry,
 * else the Other one). The body names no one and holds nothing of the policy but its number; the link
 * (`/odometer?token=...`, token purpose 'odometer-photo') opens the odometer page, which asks for the rest.
 */
import { PAGES, pageUrl } from '../../contract/pages.ts';
import { BRAND } from '../../contract/index.ts';
import type { Queryable } from '../db/db.ts';
import { issueToken } from '../tokens/tokens.ts';
import { enqueueMessages, type QueuedMessage } from '../mail/queue.ts';
import { queuedText, usPhoneToE164 } from './texts.ts';

const ODOMETER_TEXT_KIND = 'odometer photo text';

function odometerPhotoText(policyNumber: string, link: string): string {
  // True whether or not the application is signed yet: the photo is needed before the policy is issued,
  // and the text does not promise that it alone issues it (the signature is asked for by e-mail).
  return `${BRAND.productName}: policy ${policyNumber} needs a photo of each vehicle's odometer before it is issued. Take it with your phone here: ${link} Reply STOP to opt out, HELP for help.`;
}

/**
 * The number to text from a stored quote request: its Mobile entry, else its Other entry; null when
 * neither is a US number (the request's struct requires the type and the number, but the stored request is
 * read as it was kept, so nothing is assumed).
 */
export function mobileNumberOf(quoteRequest: unknown): string | null {
  const entries = (quoteRequest as { phoneNumbers?: unknown } | null)?.phoneNumbers;
  if (!Array.isArray(entries)) return null;
  const numbered = (type: string) =>
    entries
      .filter((entry): entry is { type: string; number: string } => typeof entry?.type === 'string' && typeof entry?.number === 'string')
      .filter((entry) => entry.type === type && usPhoneToE164(entry.number) !== null)
      .map((entry) => entry.number)[0];
  return numbered('Mobile') ?? numbered('Other') ?? null;
}

export interface OdometerTextInput {
  /** The stored quote request (quotes.request), where the phone numbers are. */
  quoteRequest: unknown;
  policyNumber: string;
  /** The row the link opens (the policy's id), kept on the token for the photo page. */
  subjectId: number | null;
  publicOrigin: string;
  now: Date;
}

/**
 * Issues the odometer link and queues its text, in the caller's transaction. False (nothing issued, nothing
 * queued) when the quote has no number to text; the e-mail still reaches the person.
 */
export async function queueOdometerPhotoText(tx: Queryable, input: OdometerTextInput): Promise<boolean> {
  const to = mobileNumberOf(input.quoteRequest);
  if (to === null) return false;
  const token = await issueToken(tx, 'odometer-photo', input.now, { subjectId: input.subjectId });
  await enqueueMessages(tx, [odometerPhotoTextTo(to, input, token)], input.now);
  return true;
}

/** The odometer text to `to` (mobileNumberOf) with its link's `token` already issued, for a caller that queues it with other messages. */
export function odometerPhotoTextTo(to: string, input: Pick<OdometerTextInput, 'policyNumber' | 'publicOrigin'>, token: string): QueuedMessage {
  return queuedText(ODOMETER_TEXT_KIND, { to, body: odometerPhotoText(input.policyNumber, pageUrl(input.publicOrigin, PAGES.odometer, { token })) });
}
