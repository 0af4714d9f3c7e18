/**
 * /account/confirm?token=... (ours, issue 7): where the link of the account confirmation e-mail lands; an
 * island of our site on widgets/core. It takes the token off the address bar at once (history, bookmarks
 * and a shared screen never keep it), spends it with POST /api/user/confirm_account, and shows the answer:
 * on success a link on to the sign-up's return address, on failure the server's message with the phone
 * number. The page sends no referrer (layouts/Base.astro). Its words are plain paragraphs and a link in the
 * site's own look (site.css), so it adopts no widget sheet.
 */
import { useEffect, useState } from 'react';
import { BRAND } from '../../../contract/brand.ts';
import { confirmAccount } from '../../../contract/api/endpoints/user.ts';
import { scoped, useWidget } from '../../core/widget.tsx';
import { ACCOUNT_PATHS } from '../paths.ts';
import { CONFIRM_TEXTS, type ConfirmTexts } from './confirm.texts.ts';

const CONFIRM_WIDGET = 'ppm-account-confirm';

type Outcome = { kind: 'working' } | { kind: 'done'; message: string; next: string } | { kind: 'failed'; message: string };

/** Only a path on this site (the API holds returnUrl to our origin; this is the second guard). */
const ownPath = (url: string) => (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : `${ACCOUNT_PATHS.dashboard}/`);

function ConfirmView({ texts }: { texts?: Partial<ConfirmTexts> }) {
  const T = { ...CONFIRM_TEXTS, ...texts };
  const { api, rootRef } = useWidget();
  // read and taken off the address bar in the first render, before anything else happens
  const [token] = useState(() => {
    const found = new URLSearchParams(location.search).get('token');
    history.replaceState(history.state, '', location.pathname);
    return found;
  });
  const [outcome, setOutcome] = useState<Outcome>(() => (token ? { kind: 'working' } : { kind: 'failed', message: T.noToken }));

  useEffect(() => {
    if (!token) return;
    void api.call(confirmAccount, { token }).then((result) => {
      if (result.ok) return setOutcome({ kind: 'done', message: result.data.message, next: ownPath(result.data.returnUrl) });
      const message = result.status !== 0 && result.status < 500 ? result.messages[0] : undefined;
      setOutcome({ kind: 'failed', message: message ?? T.callUs });
    });
  }, []);

  return (
    <div ref={rootRef} className="account-confirm">
      {outcome.kind === 'working' && <p role="status">{T.working}</p>}
      {outcome.kind === 'done' && (
        <>
          <p role="status">{outcome.message}</p>
          <p>
            <a href={outcome.next}>{T.continue}</a>
          </p>
        </>
      )}
      {outcome.kind === 'failed' && (
        <>
          <p role="alert">{outcome.message}</p>
          <p>
            {T.customerCare} <a href={BRAND.phoneHref}>{BRAND.phone}</a> ({T.supportHours}).
          </p>
        </>
      )}
    </div>
  );
}

/** The page with its own widget context (widget.tsx): its API client. */
export const ConfirmPage = scoped<{ texts?: Partial<ConfirmTexts> }>(CONFIRM_WIDGET, ConfirmView);
