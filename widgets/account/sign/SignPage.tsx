/**
 * /account/sign?token=... (issue 8; ESIGN Act and UETA: consent, intent, the signature tied to the record),
 * the e-signature page; an island of our site on widgets/core. It takes the link's token off the address bar
 * at once (link-token.ts; kept in this tab's sessionStorage, so a reload still works), loads the application
 * with GET /api/esign, and shows the policy number, a link to the application PDF, the consent beside a
 * required checkbox, a 'Full name' field and an explicit 'Sign' button. POST /api/esign signs; the server
 * checks the name against the named insured. Problems show in core's error summary linked to their field,
 * with what was typed kept (a refusal that belongs to no field, in the same box); a signed application shows
 * its confirmation and the documents link. A link opened while the application is still being made (409)
 * keeps the loader and asks again every 2 s, eight times in all, before it says so.
 */
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { esign, esignView } from '../../../contract/api/endpoints/documents.ts';
import { EsignRequest, type EsignView } from '../../../contract/api/onboarding.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { formatUsDate } from '../../../contract/rules/dates.ts';
import { check } from '../../../contract/validate.ts';
import type { ApiResult } from '../../core/api-client.ts';
import { ErrorSummary } from '../../core/ErrorSummary.tsx';
import { Checkbox } from '../../core/fields/Choices.tsx';
import { TextField } from '../../core/fields/TextField.tsx';
import { useFormCore, useLocalValues } from '../../core/form-core.ts';
import { useAdoptedStyles } from '../../core/styles/adopt.ts';
import { baseStyles } from '../../core/styles/base.styles.ts';
import { scoped, useWidget } from '../../core/widget.tsx';
import { accountStyles } from '../account.styles.ts';
import { ACCOUNT_SUMMARY_TEXTS, DeadEnd, FormEnd, Loading, NewTabLink, Refusal, validateNow } from '../AccountParts.tsx';
import { takeLinkToken } from '../link-token.ts';
import { safeHref } from '../paths.ts';
import { SIGN_TEXTS, type SignTexts } from './sign.texts.ts';

/** Where the link's token waits for a reload of this tab. */
export const SIGN_TOKEN_KEY = 'ppm-esign-token';
const ID = 'account-sign';
const SIGN_WIDGET = 'ppm-account-sign';

const RULES = EsignRequest.schema;

/** While the application is not made yet (409), the page asks again this often, this many times in all. */
const NOT_READY_WAIT_MS = 2000;
const NOT_READY_TRIES = 8;

/** The form's values: the consent is 'true' once ticked (core's Checkbox), the name as typed. */
type Values = { consent: string; name: string };

/** What a failed call shows: the server's words for a 4xx, ours when there was no answer or a 5xx. */
function failureMessage(result: ApiResult<unknown> & { ok: false }, T: SignTexts): string {
  return result.status !== 0 && result.status < 500 ? (result.messages[0] ?? T.failure) : T.failure;
}

/** The words that differ between the policy's own application and a renewal's. */
function wordingFor(subject: EsignView['subject'], T: SignTexts) {
  return subject === 'renewal' ? { ...T, ...T.renewal } : T;
}

/** signedAt is an ISO time: the day it was, here. */
function localDay(iso: string | undefined): string | null {
  const time = iso ? new Date(iso) : null;
  if (!time || Number.isNaN(time.getTime())) return null;
  return formatUsDate({ year: time.getFullYear(), month: time.getMonth() + 1, day: time.getDate() });
}

/** The contract's rules for the consent and the name: the first one the value breaks, or undefined. */
function problemOf(name: keyof Values, value: string): string | undefined {
  const result = name === 'consent' ? check(value === 'true', RULES.consent) : check(value, RULES.fullName);
  return result.ok ? undefined : result.errors[0]?.message;
}

type Signed = { documentsUrl: string; title: string; text: string; focus: boolean };
type Phase = { kind: 'loading' } | { kind: 'dead-end'; message: string } | { kind: 'form'; view: EsignView } | ({ kind: 'signed' } & Signed);

/** The signed state; focus goes to its heading only after the person's own action. */
function SignedState({ documentsUrl, title, text, focus, T }: Signed & { T: SignTexts }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // as it is drawn, so nothing else is read or focused between the answer and the confirmation
  useLayoutEffect(() => {
    if (focus) heading.current?.focus();
  }, []);
  const href = safeHref(documentsUrl);
  return (
    <>
      <h2 ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p>{text}</p>
      {href && (
        <p>
          <a className="ppm-button" href={href}>
            {T.documentsLink}
          </a>
        </p>
      )}
    </>
  );
}

function SignForm({ token, view, onSigned, T }: { token: string; view: EsignView; onSigned: (signed: Signed) => void; T: SignTexts }) {
  const { api } = useWidget();
  const local = useLocalValues<Values>({ consent: '', name: '' });
  const form = useFormCore<Values>(ID, () => ({ names: ['consent', 'name'], message: problemOf }), local.values, local.set);
  const [formElement, setFormElement] = useState<HTMLFormElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState(0);
  const [refusal, setRefusal] = useState<{ message: string; shown: number } | null>(null);
  const sending = useRef(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    setRefusal(null);
    if (!validateNow(form)) return;
    sending.current = true;
    setBusy(true);
    const result = await api.call(esign, { token, consent: true, fullName: form.latest().name.trim() });
    sending.current = false;
    setBusy(false);
    const words = wordingFor(view.subject, T);
    if (result.ok) return onSigned({ documentsUrl: result.data.documentsUrl, title: words.signedTitle, text: words.signedText, focus: true });
    const message = failureMessage(result, T);
    if (message === MESSAGES.esignAlreadySigned) return onSigned({ documentsUrl: view.documentsUrl, title: words.signedHeading, text: message, focus: true });
    // The server's rule names its field by its message; anything else (a used-up link) belongs to no field.
    const field = message === MESSAGES.esignConsentRequired ? 'consent' : message === MESSAGES.esignNameMismatch ? 'name' : undefined;
    if (field) {
      form.setError(field, message);
      form.focus(field);
      setRefused((n) => n + 1);
    } else {
      setRefusal((old) => ({ message, shown: (old?.shown ?? 0) + 1 }));
    }
  }

  const applicationHref = safeHref(view.applicationUrl);
  // the consent's error shows on a submit and goes once it is ticked; leaving the box unticked says nothing
  const consent = { ...form.field('consent'), name: `${ID}-consent`, onBlur: () => undefined };
  return (
    <>
      <dl className="account-facts">
        <dt>{T.policyNumber}</dt>
        <dd>{view.policyNumber}</dd>
      </dl>
      <p>{wordingFor(view.subject, T).intro}</p>
      {applicationHref && (
        <p>
          <NewTabLink href={applicationHref} text={wordingFor(view.subject, T).readApplication} newTabNote={T.newTab} />
        </p>
      )}
      <form ref={setFormElement} noValidate onSubmit={onSubmit}>
        {/* a refusal comes only once every field is right, so the two never show together */}
        <ErrorSummary scope={formElement} resetKey={0} armKey={refused || undefined} texts={{ ...ACCOUNT_SUMMARY_TEXTS, heading: T.summaryTitle }} />
        {refusal && <Refusal id={`${ID}-errors`} title={T.summaryTitle} message={refusal.message} shown={refusal.shown} />}
        <Checkbox label={view.consentText} field={consent} />
        <TextField label={T.fullName} hint={T.fullNameHint} field={{ ...form.field('name'), name: 'fullName' }} autoComplete="name" />
        <FormEnd notice={null} busy={busy} label={T.sign} busyLabel={T.signing} />
      </form>
    </>
  );
}

function SignView({ texts }: { texts?: Partial<SignTexts> }) {
  const T = { ...SIGN_TEXTS, ...texts };
  const { api, rootRef } = useWidget();
  useAdoptedStyles(rootRef, [baseStyles, accountStyles]);
  // off the address bar before anything else happens (a state initialiser runs once, in the first render)
  const [token] = useState(() => takeLinkToken(SIGN_TOKEN_KEY));
  const [phase, setPhase] = useState<Phase>(() => (token ? { kind: 'loading' } : { kind: 'dead-end', message: T.noToken }));

  useEffect(() => {
    if (!token) return;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => api.call(esignView, null, { query: { token } });
    void (async () => {
      let result = await load();
      // A link opened right after the purchase: the application is being made (the documents job, in a
      // process of its own); the loader stays while it is, and the page says 'not ready' only after that.
      for (let tries = 1; !result.ok && result.status === 409 && tries < NOT_READY_TRIES && alive; tries += 1) {
        await new Promise((resolve) => (timer = setTimeout(resolve, NOT_READY_WAIT_MS)));
        if (!alive) return;
        result = await load();
      }
      if (!alive) return;
      if (!result.ok) return setPhase({ kind: 'dead-end', message: failureMessage(result, T) });
      if (result.data.status === 'signed') {
        const day = localDay(result.data.signedAt);
        const text = day ? `${T.alreadySigned} ${T.signedOn(day)}` : T.alreadySigned;
        return setPhase({ kind: 'signed', documentsUrl: result.data.documentsUrl, title: wordingFor(result.data.subject, T).signedHeading, text, focus: false });
      }
      setPhase({ kind: 'form', view: result.data });
    })();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, []);

  let content;
  if (phase.kind === 'loading') content = <Loading text={T.loading} />;
  else if (phase.kind === 'dead-end') content = <DeadEnd message={phase.message} linkText={T.myPolicyLink} />;
  else if (phase.kind === 'signed') content = <SignedState {...phase} T={T} />;
  else content = <SignForm token={token!} view={phase.view} onSigned={(signed) => setPhase({ kind: 'signed', ...signed })} T={T} />;
  return (
    <div ref={rootRef} className="ppm-root account-sign">
      {content}
    </div>
  );
}

/** The page with its own widget context (widget.tsx): its API client. */
export const SignPage = scoped<{ texts?: Partial<SignTexts> }>(SIGN_WIDGET, SignView);
