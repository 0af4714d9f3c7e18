/**
 * Reminders while a bound policy waits for its signed application or an odometer photo (issue 8: "after 2
 * and 5 days"): an e-mail with a fresh documents link saying what is missing, and, while a photo is missing,
 * a text with the odometer link. Both go through the message queue, in the transaction that counts the
 * reminder, so a reminder is sent once even with several replicas running this sweep at the same time.
 */
import { BRAND } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { issueDocumentsLink, linkMail } from '../documents/links.ts';
import type { LogSink } from '../log.ts';
import { logError } from '../log.ts';
import { enqueueMail } from '../mail/queue.ts';
import { queueOdometerPhotoText } from '../messages/odometer-text.ts';
import { isComplete, onboardingOf } from './onboarding.ts';
import { countReminder, insuredOf, policiesDueReminder, readPolicyRecord } from './records.ts';

const DAY_MS = 86_400_000;
/** Days after the bind when reminder 1 and reminder 2 are due. */
const REMINDER_DAYS = [2, 5] as const;
const REMINDER_MAIL_KIND = 'onboarding reminder mail';
/** How often the server looks for reminders that have come due. */
const REMINDER_SCAN_MS = 60 * 60_000;

/** Sends every reminder due at the clock's time; returns how many policies were reminded. */
export async function sendDueReminders(deps: Pick<Deps, 'db' | 'clock' | 'config'>): Promise<number> {
  const now = deps.clock();
  const due = await policiesDueReminder(deps.db, REMINDER_DAYS, now);
  let sent = 0;
  for (const policy of due) if (await remind(deps, policy.id, policy.reminders, now)) sent += 1;
  return sent;
}

async function remind(deps: Pick<Deps, 'db' | 'config'>, policyId: number, already: number, now: Date): Promise<boolean> {
  const onboarding = await onboardingOf(deps.db, policyId);
  if (!onboarding || onboarding.status !== 'BOUND' || isComplete(onboarding)) return false;
  return deps.db.transaction(async (tx) => {
    // Counted first, and only from the count this sweep read: a second replica's sweep finds no row here.
    if (!(await countReminder(tx, policyId, already))) return false;
    const policy = await readPolicyRecord(tx, policyId);
    if (!policy) return false;
    const missing = [
      ...(onboarding.signed ? [] : ['your signature on the application']),
      ...(onboarding.vehiclesWithoutReading.length > 0 ? [`a photo of the odometer of ${onboarding.vehiclesWithoutReading.length === 1 ? 'your vehicle' : 'each of your vehicles'}`] : []),
    ];
    const link = await issueDocumentsLink(tx, policyId, deps.config.publicOrigin, now);
    await enqueueMail(
      tx,
      REMINDER_MAIL_KIND,
      linkMail({
        to: policy.emailAddress,
        subject: `Policy ${policy.policyNumber}: we still need ${missing.join(' and ')}`,
        lines: [
          `Hello ${insuredOf(policy)?.firstName ?? ''}, your coverage is bound, but policy ${policy.policyNumber} is not issued until we have ${missing.join(' and ')}.`,
          'It takes a few minutes on your documents page, from a phone or a computer.',
        ],
        link: { href: link, label: 'Finish your policy' },
        why: `You received this e-mail because you bought policy ${policy.policyNumber} from ${BRAND.productName} and it is not complete yet.`,
      }),
      now,
    );
    if (onboarding.vehiclesWithoutReading.length > 0) {
      await queueOdometerPhotoText(tx, { quoteRequest: { phoneNumbers: policy.phoneNumbers }, policyNumber: policy.policyNumber, subjectId: policyId, publicOrigin: deps.config.publicOrigin, now });
    }
    return true;
  });
}

/** Runs the sweep now and every REMINDER_SCAN_MS; returns the function that stops it. */
export function startReminders(deps: Pick<Deps, 'db' | 'clock' | 'config' | 'mail'>, log: LogSink): () => void {
  const sweep = () =>
    sendDueReminders(deps)
      .then((sent) => (sent > 0 ? deps.mail.deliverDue() : undefined))
      .catch((error: unknown) => logError(log, 'onboarding reminders', error));
  void sweep();
  const timer = setInterval(() => void sweep(), REMINDER_SCAN_MS);
  timer.unref();
  return () => clearInterval(timer);
}
