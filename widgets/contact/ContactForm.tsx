import { useEffect, useRef, useState, type FormEvent } from 'react';
import { contactSubject, type ContactRequest } from '../../contract/api/contact.ts';
import { check } from '../../contract/validate.ts';
import { contactSubmit } from '../../contract/api/endpoints/contact.ts';
import { ErrorSummary } from '../core/ErrorSummary.tsx';
import { Checkbox } from '../core/fields/Choices.tsx';
import { MaskedField } from '../core/fields/MaskedField.tsx';
import { TextAreaField } from '../core/fields/TextAreaField.tsx';
import { TextField } from '../core/fields/TextField.tsx';
import { useForm } from '../core/form.ts';
import { newIdempotencyKey } from '../core/idempotency-key.ts';
import { Overlay } from '../core/overlay.tsx';
import { useAdoptedStyles } from '../core/styles/adopt.ts';
import { scoped, useWidget } from '../core/widget.tsx';
import { contactStyles } from './contact.styles.ts';
import { CONTACT_TEXTS, PRIVACY_POLICY_PATH, SUCCESS_MS, type ContactTexts } from './contact.texts.ts';
import { CONTACT_RULES, EMPTY_CONTACT, type ContactValues } from './contact.validation.ts';

/**
 * Contact Us (doc 1 "Contact Us", sections 3, 5 and 8): subject, message, the privacy agreement, the
 * sender's name, e-mail and phone, and Send. POST /api/contact/submit. An island of our site, not one of
 * the embeddable elements (the design card fixes those five), so it has no tag of its own to register.
 */
export interface ContactFormProps {
  /** Origin of the API; default same-origin. */
  apiBase?: string;
  /** Replacement texts, merged over CONTACT_TEXTS. */
  texts?: Partial<ContactTexts>;
  /** How long the success text stays before the page goes home (doc 1: 10 s); tests shorten it. */
  successMs?: number;
  /** Where the page goes after the success text (doc 1: home); tests listen instead. */
  onDone?: () => void;
}

/** The widget's name in its ppm-error events (it is no element, so this is not a tag in the page). */
export const CONTACT_WIDGET = 'ppm-contact-form';

type Status = { kind: 'success' | 'danger'; text: string } | null;

/** A new key for each different message; a retry of the same one (no answer, a failure) reuses its key. */
function useIdempotencyKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return {
    for(request: ContactRequest): string {
      const body = JSON.stringify(request);
      if (last.current?.body !== body) last.current = { body, key: newIdempotencyKey() };
      return last.current.key;
    },
    forget: () => (last.current = null),
  };
}

function toRequest(values: ContactValues): ContactRequest {
  const optional = (value: string) => (value === '' ? undefined : value);
  // the contract's own fallback for an empty subject, so what is sent is what care will read
  const subject = check(values.subject, contactSubject);
  return {
    customSubject: subject.ok ? subject.value : values.subject,
    emailBody: values.body,
    userEmailAddress: values.email,
    userSuffixName: optional(values.suffix),
    userFirstName: values.firstName,
    userLastName: values.lastName,
    userMiddleName: optional(values.middleName),
    userPhoneNumber: optional(values.phone),
  };
}

function ContactFormView({ texts: overrides, successMs = SUCCESS_MS, onDone = () => location.assign('/') }: ContactFormProps) {
  const texts = { ...CONTACT_TEXTS, ...overrides };
  const widget = useWidget();
  const { api, rootRef, reportError } = widget;
  useAdoptedStyles(rootRef, contactStyles);

  const form = useForm<ContactValues>('ppm-contact', CONTACT_RULES, EMPTY_CONTACT);
  const [formElement, setFormElement] = useState<HTMLFormElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  // set before the request leaves, so a second press while it runs sends nothing
  const sending = useRef(false);
  const idempotencyKey = useIdempotencyKey();
  const home = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(home.current), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current || status?.kind === 'success') return;
    const values = form.validate();
    if (!values) {
      // doc 1 section 5: "or the checkbox scrolls into view" (a checkbox's own focus may not bring its label along)
      const agreement = formElement?.querySelector<HTMLElement>('.ppm-contact__agreement');
      const active = agreement && (agreement.getRootNode() as Document | ShadowRoot).activeElement;
      if (agreement && active && agreement.contains(active)) agreement.scrollIntoView({ block: 'center' });
      return;
    }
    const request = toRequest(values);
    sending.current = true;
    setBusy(true);
    setStatus(null);
    widget.showLoader(texts.sending);
    const result = await api.call(contactSubmit, request, { headers: { 'Idempotency-Key': idempotencyKey.for(request) } });
    widget.hideLoader();
    setBusy(false);
    sending.current = false;
    if (result.ok) {
      idempotencyKey.forget();
      form.reset();
      setStatus({ kind: 'success', text: texts.success });
      home.current = setTimeout(onDone, successMs);
      return;
    }
    // A failed call never throws away what the person typed: they try again, with the same key.
    const text = result.messages[0] ?? texts.failure;
    setStatus({ kind: 'danger', text });
    reportError(result.status, text, CONTACT_WIDGET);
  }

  const agreement = (
    <>
      {texts.agreementBefore}
      <a href={PRIVACY_POLICY_PATH}>{texts.agreementLink}</a>
      {texts.agreementAfter}
    </>
  );

  return (
    <div ref={rootRef} className="ppm-root ppm-contact" part="base">
      <form ref={setFormElement} className="ppm-contact__form" noValidate aria-busy={busy} onSubmit={onSubmit} part="form">
        <ErrorSummary scope={formElement} resetKey={0} />
        <TextField label={texts.subject} field={form.field('subject')} hint={texts.subjectHint} maxLength={128} />
        <TextAreaField label={texts.body} field={form.field('body')} rows={6} />
        <div className="ppm-contact__agreement">
          <Checkbox label={agreement} field={form.field('privacyAgreement')} />
        </div>
        <div className="ppm-contact__names">
          <TextField label={texts.firstName} field={form.field('firstName')} autoComplete="given-name" />
          <TextField label={texts.middleName} field={form.field('middleName')} autoComplete="additional-name" />
          <TextField label={texts.lastName} field={form.field('lastName')} autoComplete="family-name" />
          <TextField label={texts.suffix} field={form.field('suffix')} hint={texts.suffixHint} autoComplete="honorific-suffix" />
        </div>
        <TextField label={texts.email} field={form.field('email')} type="email" autoComplete="email" />
        <MaskedField label={texts.phone} field={form.field('phone')} mask="phone" hint={texts.phoneHint} autoComplete="tel-national" />
        <div aria-live="polite" aria-atomic="true" part="status">
          {status && (
            <p className={`ppm-notice ppm-notice--${status.kind}`} part={`notice notice-${status.kind}`}>
              {status.text}
            </p>
          )}
        </div>
        <div className="ppm-contact__actions">
          <button type="submit" className="ppm-button" part="submit" aria-disabled={busy || undefined}>
            {texts.submit}
          </button>
        </div>
      </form>
      <Overlay />
    </div>
  );
}

/** The form with its own widget context (widget.tsx): its API client, loader and events. */
export const ContactForm = scoped<ContactFormProps>(CONTACT_WIDGET, ContactFormView);
