/**
 * The contact form's rules: the contract's, field by field (ContactForm: the payload of doc 1 section 3 and
 * the privacy agreement), named as the form names its fields. One rule, one place: nothing here but the
 * checkbox's 'true' read as the agreement's `true`.
 */
import { coerce, string } from 'superstruct';
import { ContactForm } from '../../contract/api/contact.ts';
import type { Rules } from '../core/form.ts';

export type ContactValues = {
  subject: string;
  body: string;
  privacyAgreement: string;
  firstName: string;
  middleName: string;
  lastName: string;
  suffix: string;
  email: string;
  phone: string;
};

const rule = ContactForm.schema;

export const CONTACT_RULES: Rules<ContactValues> = {
  subject: rule.customSubject,
  body: rule.emailBody,
  privacyAgreement: coerce(rule.privacyAgreement, string(), (value) => value === 'true'),
  firstName: rule.userFirstName,
  middleName: rule.userMiddleName,
  lastName: rule.userLastName,
  suffix: rule.userSuffixName,
  email: rule.userEmailAddress,
  phone: rule.userPhoneNumber,
};

export const EMPTY_CONTACT: ContactValues = {
  subject: '', body: '', privacyAgreement: '', firstName: '', middleName: '', lastName: '', suffix: '', email: '', phone: '',
};
