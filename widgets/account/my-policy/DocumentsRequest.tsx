/**
 * My Policy's 'Request Documents & Insurance Card' form (doc 1 "My Policy page", sections 7 and 8), an island
 * of our site on widgets/core. One e-mail field and Submit; POST /api/documents/link e-mails a fresh documents
 * link to the address when a policy uses it. The button shows the request running, then done. The API answers
 * the same whether or not the address has a policy, so the success text claims nothing more. A failure shows
 * the first of the server's messages, else doc 1's 'Cannot locate policy' text; the address stays.
 */
import { useRef, useState, type FormEvent } from 'react';
import { documentsLink } from '../../../contract/api/endpoints/documents.ts';
import { email } from '../../../contract/rules/email.ts';
import { check } from '../../../contract/validate.ts';
import { TextField } from '../../core/fields/TextField.tsx';
import { useFormCore, useLocalValues } from '../../core/form-core.ts';
import { useAdoptedStyles } from '../../core/styles/adopt.ts';
import { baseStyles } from '../../core/styles/base.styles.ts';
import { scoped, useWidget } from '../../core/widget.tsx';
import { accountStyles } from '../account.styles.ts';
import { validateNow } from '../AccountParts.tsx';
import { MY_POLICY_TEXTS, type MyPolicyTexts } from './my-policy.texts.ts';

const ID = 'account-documents-request';
const DOCUMENTS_REQUEST_WIDGET = 'ppm-account-documents-request';

type Phase = 'ready' | 'sending' | 'sent';
type Values = { email: string };

function emailProblem(_name: 'email', value: string): string | undefined {
  const result = check(value.trim(), email);
  return result.ok ? undefined : result.errors[0]?.message;
}

function DocumentsRequestView({ texts }: { texts?: Partial<MyPolicyTexts> }) {
  const T = { ...MY_POLICY_TEXTS, ...texts };
  const { api, rootRef } = useWidget();
  useAdoptedStyles(rootRef, [baseStyles, accountStyles]);
  const [phase, setPhase] = useState<Phase>('ready');
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);
  const local = useLocalValues<Values>({ email: '' });
  const form = useFormCore<Values>(
    ID,
    () => ({ names: ['email'], message: emailProblem }),
    local.values,
    (name, value) => {
      local.set(name, value);
      setPhase((now) => (now === 'sent' ? 'ready' : now)); // another address is another request
    },
  );
  const sending = useRef(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    if (!validateNow(form)) return;
    sending.current = true;
    setOutcome(null);
    setPhase('sending');
    const result = await api.call(documentsLink, { emailAddress: form.latest().email.trim() });
    sending.current = false;
    setPhase(result.ok ? 'sent' : 'ready');
    setOutcome(result.ok ? { kind: 'success', text: T.sent } : { kind: 'danger', text: result.messages[0] ?? T.failed });
  }

  return (
    <div ref={rootRef} className="ppm-root account-request">
      <form noValidate aria-labelledby={`${ID}-title`} onSubmit={onSubmit}>
        <h2 id={`${ID}-title`}>{T.requestTitle}</h2>
        <p className="account-intro">{T.requestIntro}</p>
        <TextField label={T.email} field={form.field('email')} type="email" autoComplete="email" />
        <div className="account-actions">
          <button type="submit" className="ppm-button" aria-disabled={phase === 'sending' || undefined}>
            {{ ready: T.submit, sending: T.submitting, sent: T.submitted }[phase]}
          </button>
        </div>
        {/* a live region that stays in the page, so what is put in it is read out */}
        <div aria-live="polite">{outcome && <p className={`ppm-notice ppm-notice--${outcome.kind}`}>{outcome.text}</p>}</div>
      </form>
    </div>
  );
}

/** The form with its own widget context (widget.tsx): its API client. */
export const DocumentsRequest = scoped<{ texts?: Partial<MyPolicyTexts> }>(DOCUMENTS_REQUEST_WIDGET, DocumentsRequestView);
