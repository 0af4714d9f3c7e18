/**
 * What a purchase tells the buyer, queued in the bind's transaction (doc 3 section 7; issue 7): the purchase
 * e-mail, with the documents link and the way into the account (made now if the address has none), and the
 * text with the odometer photo link. Queued with the policy, so a policy never exists without its messages
 * on the way, and a rolled-back bind sends nothing.
 */
import type { BillingFrequency, QuotePolicy, QuoteRequest } from '../../contract/index.ts';
import { ensurePolicyAccount } from '../auth/policy-account.ts';
import type { Queryable } from '../db/db.ts';
import { issueDocumentsLink } from '../documents/links.ts';
import { enqueueMail } from '../mail/queue.ts';
import { queueOdometerPhotoText } from '../messages/odometer-text.ts';
import { PURCHASE_MAIL_KIND, purchaseMail } from './purchase-mail.ts';

export interface Purchase {
  policy: { id: number; policyNumber: string; binderNumber: string };
  request: QuoteRequest;
  answer: QuotePolicy;
  emailLower: string;
  amountCents: number;
  billingFrequency: BillingFrequency;
  publicOrigin: string;
}

export async function queuePurchaseMessages(tx: Queryable, purchase: Purchase, now: Date): Promise<void> {
  const { policy, request, answer, publicOrigin } = purchase;
  const insured = answer.policyOwners.find((owner) => owner.relation === 'INSURED') ?? answer.policyOwners[0];
  const account = await ensurePolicyAccount(
    tx,
    { emailLower: purchase.emailLower, firstName: insured?.firstName ?? '', lastName: insured?.lastName ?? '' },
    publicOrigin,
    now,
  );
  await enqueueMail(
    tx,
    PURCHASE_MAIL_KIND,
    purchaseMail({
      to: request.emailAddress,
      firstName: insured?.firstName ?? '',
      policyNumber: policy.policyNumber,
      binderNumber: policy.binderNumber,
      effectiveDate: answer.effectiveDate,
      amountCents: purchase.amountCents,
      billingFrequency: purchase.billingFrequency,
      documentsUrl: await issueDocumentsLink(tx, policy.id, publicOrigin, now),
      account,
    }),
    now,
  );
  await queueOdometerPhotoText(tx, { quoteRequest: request, policyNumber: policy.policyNumber, subjectId: policy.id, publicOrigin, now });
}
