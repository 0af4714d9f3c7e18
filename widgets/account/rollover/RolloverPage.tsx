/**
 * The renewal page, /rollover#identifier (doc 1 "Rollover page", sections 4, 7 and 8; issue 9 "Renewal and
 * rollover"), an island of our site on widgets/core. The identifier comes from the URL hash, which is taken
 * off the address bar at once (kept in this tab's sessionStorage, so a reload still works); with none at all
 * the page goes home. POST /api/policy/rollover {token} answers the renewal's links: the optional 'View
 * Quote' (the next term's declarations, in a new tab), the required 'Sign Renewal Application' (the
 * e-signature of issue 8) and the documents page; once the renewal application is signed, the page says so
 * and asks for nothing more (issue 23). The navigation is hidden on this route (site/routes.ts).
 *
 * Not found or any failure: doc 1's persistent snackbar. It stays until closed, and the page offers the way
 * home instead of going there by itself: on this site a new page would take the snackbar away with it, and
 * the message is the one with the phone number the person needs. It is the page's own, not core's
 * Snackbars: its text carries the number as a tap-to-call link.
 */
import { useEffect, useRef, useState } from 'react';
import { is } from 'superstruct';
import { BRAND } from '../../../contract/brand.ts';
import { token as tokenRule } from '../../../contract/api/common.ts';
import { rollover } from '../../../contract/api/endpoints/renewal.ts';
import type { RolloverResponse } from '../../../contract/api/policy.ts';
import { useAdoptedStyles } from '../../core/styles/adopt.ts';
import { baseStyles } from '../../core/styles/base.styles.ts';
import { scoped, useWidget } from '../../core/widget.tsx';
import { accountStyles } from '../account.styles.ts';
import { Loading, NewTabLink } from '../AccountParts.tsx';
import { forgetLinkToken } from '../link-token.ts';
import { safeHref } from '../paths.ts';
import { rolloverStyles } from './rollover.styles.ts';
import { ROLLOVER_TEXTS, type RolloverTexts } from './rollover.texts.ts';

const ROLLOVER_WIDGET = 'ppm-account-rollover';
/** Where the identifier waits for a reload of this tab. */
export const ROLLOVER_TOKEN_KEY = 'ppm-rollover-token';

/** The identifier of the renewal e-mail's link (`/rollover#identifier`), off the address bar, kept for a reload. */
function takeHashToken(): string | null {
  const fromLink = location.hash.replace(/^#/, '');
  if (!fromLink) {
    try {
      return sessionStorage.getItem(ROLLOVER_TOKEN_KEY);
    } catch {
      return null;
    }
  }
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  try {
    sessionStorage.setItem(ROLLOVER_TOKEN_KEY, fromLink);
  } catch {
    // storage switched off: this visit works, a reload goes home
  }
  return fromLink;
}

/** The text with the phone number as a tap-to-call link that never breaks across lines (the words stay as they are). */
function WithPhoneLink({ text }: { text: string }) {
  const [before, ...rest] = text.split(BRAND.phone);
  if (rest.length === 0) return <>{text}</>;
  return (
    <>
      {before}
      <a href={BRAND.phoneHref} className="account-phone">
        {BRAND.phone}
      </a>
      {rest.join(BRAND.phone)}
    </>
  );
}

type Shown = { kind: 'loading' } | { kind: 'leaving' } | { kind: 'not-found' } | { kind: 'found'; data: RolloverResponse['data']; sign: string };

function Renewal({ data, sign, T }: { data: RolloverResponse['data']; sign: string; T: RolloverTexts }) {
  const quote = data.quote_url ? safeHref(data.quote_url) : null;
  const documents = safeHref(data.documents_url);
  return (
    <>
      <h2 tabIndex={-1}>{data.signed ? T.signedTitle : T.ready}</h2>
      <p>{data.signed ? T.signedText : T.intro}</p>
      <div className="account-rollover__links">
        {quote && <NewTabLink href={quote} text={T.viewQuote} newTabNote={T.newTab} className="ppm-button ppm-button--secondary" />}
        {!data.signed && (
          <a className="ppm-button" href={sign}>
            {T.sign}
          </a>
        )}
      </div>
      {!data.signed && <p>{T.afterSigning}</p>}
      {documents && (
        <p>
          <a href={documents}>{T.documents}</a>
        </p>
      )}
    </>
  );
}

/** Doc 1 section 8: the persistent snackbar, and the way home; closing it hands the focus to that way. */
function NotFound({ T }: { T: RolloverTexts }) {
  const [open, setOpen] = useState(true);
  const home = useRef<HTMLAnchorElement>(null);
  return (
    <>
      <p>
        <WithPhoneLink text={T.care} />
      </p>
      <p>
        <a ref={home} className="ppm-button" href="/">
          {T.home}
        </a>
      </p>
      {open && (
        <div className="account-snackbar" role="alert">
          <span>
            <WithPhoneLink text={T.notFound} />
          </span>
          <button
            type="button"
            className="ppm-icon-button"
            aria-label={T.close}
            onClick={() => {
              setOpen(false);
              home.current?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
    </>
  );
}

export interface RolloverPageProps {
  /** How the page leaves for another (home, without an identifier); tests replace it. */
  navigate?: (url: string) => void;
  texts?: Partial<RolloverTexts>;
}

function RolloverView({ navigate = (url) => location.assign(url), texts }: RolloverPageProps) {
  const T = { ...ROLLOVER_TEXTS, ...texts };
  const { api, rootRef } = useWidget();
  useAdoptedStyles(rootRef, [baseStyles, accountStyles, rolloverStyles]);
  // read and taken off the address bar in the first render, before anything else happens; an identifier
  // that cannot be one is not kept for a reload
  const [token] = useState(() => {
    const found = takeHashToken();
    if (found && !is(found, tokenRule)) forgetLinkToken(ROLLOVER_TOKEN_KEY);
    return found;
  });
  const [shown, setShown] = useState<Shown>(() => (!token ? { kind: 'leaving' } : is(token, tokenRule) ? { kind: 'loading' } : { kind: 'not-found' }));

  useEffect(() => {
    if (shown.kind === 'leaving') return navigate('/'); // doc 1: "without a hash go to /"
    if (shown.kind === 'not-found') return;
    void api.call(rollover, { token: token! }).then((result) => {
      const sign = result.ok ? safeHref(result.data.data.esignature_url) : null;
      if (!result.ok || !sign) {
        forgetLinkToken(ROLLOVER_TOKEN_KEY);
        return setShown({ kind: 'not-found' });
      }
      setShown({ kind: 'found', data: result.data.data, sign });
    });
  }, []);

  return (
    <div ref={rootRef} className="ppm-root account-rollover">
      {shown.kind === 'loading' && <Loading text={T.loading} />}
      {shown.kind === 'not-found' && <NotFound T={T} />}
      {shown.kind === 'found' && <Renewal data={shown.data} sign={shown.sign} T={T} />}
    </div>
  );
}

/** The page with its own widget context (widget.tsx): its API client. */
export const RolloverPage = scoped<RolloverPageProps>(ROLLOVER_WIDGET, RolloverView);
