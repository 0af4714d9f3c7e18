import { PAGES, pageUrl } from '../../contract/pages.ts';
import { BRAND, stateName, WRITING_STATES, type SubscribeRequest } from '../../contract/index.ts';
import { brandedHtml, buttonLink, careLine, escapeHtml, paragraph } from '../mail/layout.ts';
import type { MailMessage } from '../mail/mailer.ts';

/**
 * The confirmation of an availability sign-up. Where we already write policies (the FAQ form is open to
 * every state) it says so and links to the quote; elsewhere it promises a note at launch.
 */
export function subscribeConfirmation(request: SubscribeRequest, publicOrigin: string): MailMessage {
  const first = request.userFirstName.trim();
  const state = stateName(request.userState) ?? request.userState;
  const available = (WRITING_STATES as readonly string[]).includes(request.userState);
  const quoteUrl = pageUrl(publicOrigin, PAGES.wizard);
  const news = available
    ? `Good news: ${BRAND.productName} is already available in ${state}. You can get your price in a few minutes at ${quoteUrl}`
    : `We will write to you as soon as ${BRAND.productName} is available in ${state}.`;
  const contact = `Questions? Call ${BRAND.phone} (${BRAND.supportHours}) or write to ${BRAND.email}.`;
  const why = 'You receive this message because this address was entered on our availability form. If that was not you, reply to this message and we will remove it.';
  const subject = `You're on the list: ${BRAND.productName}`;

  const text = [`Hello ${first},`, '', `Thank you for connecting with ${BRAND.productName}, pay-per-mile insurance for ${BRAND.marque} owners.`, '', news, '', contact, '', `${BRAND.productName}`, '', '--', why, ''].join('\n');

  const body = [
    paragraph(`Hello ${escapeHtml(first)},`),
    paragraph(`Thank you for connecting with ${escapeHtml(BRAND.productName)}, pay-per-mile insurance for ${escapeHtml(BRAND.marque)} owners.`),
    available
      ? paragraph(`Good news: ${escapeHtml(BRAND.productName)} is already available in ${escapeHtml(state)}.`) + '\n' + buttonLink(quoteUrl, 'Get my quote')
      : paragraph(escapeHtml(news), 'margin-bottom:24px'),
    careLine(),
  ].join('\n');
  const html = brandedHtml({ subject, body, why });
  return { to: request.userEmailAddress.trim(), subject, text, html };
}
