/**
 * What a purchase tells the buyer, queued in the bind's transaction (doc 3 section 7; issue 7): the purchase
 * e-mail, with the documents link and the way into the account (made now if the address has none), and the
 * text with the odometer photo link. Queued with the policy, so a policy never exists without its messages
 * on the way, and a rolled-back bind sends nothing.
 */
import type { BillingFrequency, QuotePolicy, QuoteRequest } from '../../contract/index.ts';
import { ensurePolicyAccount, policyAccountLink } from '../auth/policy-account.ts';
import type { Queryable } from '../db/db.ts';
import { documentsLinkUrl } from '../documents/links.ts';
import { enqueueMessages, type QueuedMessage } from '../mail/queue.ts';
import { mobileNumberOf, odometerPhotoTextTo } from '../messages/odometer-text.ts';
import { issueTokens } from '../tokens/tokens.ts';
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

/** The account, then the links' tokens in one statement and the messages in another: the bind's transaction is made of round trips. */
export async function queuePurchaseMessages(tx: Queryable, purchase: Purchase, now: Date): Promise<void> {
  const { policy, request, answer, publicOrigin } = purchase;
  const insured = answer.policyOwners.find((owner) => owner.relation === 'INSURED') ?? answer.policyOwners[0];
  const account = await ensurePolicyAccount(tx, { emailLower: purchase.emailLower, firstName: insured?.firstName ?? '', lastName: insured?.lastName ?? '' }, now);
  const mobile = mobileNumberOf(request);
  const [documentsToken, ...others] = await issueTokens(tx, now, [
    { purpose: 'documents', subjectId: policy.id },
    ...(account.needsPassword ? [{ purpose: 'account-setup' as const, subjectId: account.accountId }] : []),
    ...(mobile === null ? [] : [{ purpose: 'odometer-photo' as const, subjectId: policy.id }]),
  ]);
  const setupToken = account.needsPassword ? others.shift()! : null;
  const messages: QueuedMessage[] = [
    {
      channel: 'mail',
      kind: PURCHASE_MAIL_KIND,
      message: purchaseMail({
        to: request.emailAddress,
        firstName: insured?.firstName ?? '',
        policyNumber: policy.policyNumber,
        binderNumber: policy.binderNumber,
        effectiveDate: answer.effectiveDate,
        amountCents: purchase.amountCents,
        billingFrequency: purchase.billingFrequency,
        documentsUrl: documentsLinkUrl(publicOrigin, documentsToken!),
        account: policyAccountLink(publicOrigin, setupToken),
      }),
    },
    // the text with the odometer photo link, when the quote has a number to text; the e-mail reaches the person all the same
    ...(mobile === null ? [] : [odometerPhotoTextTo(mobile, { policyNumber: policy.policyNumber, publicOrigin }, others.shift()!)]),
  ];
  await enqueueMessages(tx, messages, now);
}
