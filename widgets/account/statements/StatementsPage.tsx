import { useEffect, useState, type ReactNode } from 'react';
import type { StatementBill, StatementPeriod, StatementsAnswer, StatementVehicle } from '../../../contract/api/account.ts';
import { statements } from '../../../contract/api/endpoints/user.ts';
import { formatCents } from '../../../contract/index.ts';
import { whenPolicySelected } from '../../core/session.ts';
import { useAdoptedStyles } from '../../core/styles/adopt.ts';
import { scoped, useWidget } from '../../core/widget.tsx';
import { ACCOUNT_PATHS, logInHref, safeHref } from '../paths.ts';
import { balanceWords, billCaption, billStatusWords, usDay, vehicleFacts } from './statements-logic.ts';
import { statementsStyles } from './statements.styles.ts';
import { STATEMENTS_TEXTS, type StatementsTexts } from './statements.texts.ts';

/**
 * The account's statements page, /account/Statements (linked as /account/statements; doc 1: "Placeholder page
 * titled Statements", the title its Astro page gives; issue 21 "How it is shown"). An island of our site on
 * widgets/core, as the card page is.
 *
 * - Once the session is known, GET /api/user/statements for the selected policy (none selected of several:
 *   the way to the chooser).
 * - The balance from the ledger on top ('You owe $X', 'Credit of $X', 'Nothing owed'), the link for this
 *   period's odometer photo, then each period that has begun, newest first, as a card: its dates, status and
 *   the day its readings are due; each vehicle's reading with its photo's thumbnail, the miles billed and
 *   how they were found, the rate; the period's bills as tables of the API's worded lines with the total,
 *   and each bill's status with its day.
 * - A failed call shows the API's words (role alert), or the call-us text; a 401 the way to log in.
 */
export interface StatementsPageProps {
  /** Replacement texts, merged over STATEMENTS_TEXTS. */
  texts?: Partial<StatementsTexts>;
}

/** The widget's name in its ppm-error events (an island of our site, not an embeddable element). */
const STATEMENTS_WIDGET = 'ppm-account-statements';

type Page =
  | { kind: 'loading' }
  | { kind: 'no-policy'; several: boolean }
  | { kind: 'signed-out' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; data: StatementsAnswer['data'] };

function StatementsPageView({ texts: overrides }: StatementsPageProps) {
  const T = { ...STATEMENTS_TEXTS, ...overrides };
  const { api, rootRef, reportError } = useWidget();
  useAdoptedStyles(rootRef, statementsStyles);
  const [page, setPage] = useState<Page>({ kind: 'loading' });

  // once the signed-in session selects a policy, not on the first answer (widgets/core/session.ts whenPolicySelected)
  useEffect(() => {
    let alive = true;
    async function load(policyNumber: string) {
      const result = await api.call(statements, null, { query: { policyNumber } });
      if (!alive) return;
      if (result.ok) return setPage({ kind: 'ready', data: result.data.data });
      if (result.status === 401) return setPage({ kind: 'signed-out' });
      const known = result.status >= 400 && result.status < 500 ? result.messages[0] : undefined;
      const message = known ?? T.loadFailure;
      reportError(result.status, message, STATEMENTS_WIDGET);
      setPage({ kind: 'failed', message });
    }
    const stop = whenPolicySelected({
      policy: (policyNumber) => {
        setPage({ kind: 'loading' });
        void load(policyNumber);
      },
      noPolicy: (several) => setPage({ kind: 'no-policy', several }),
      failed: () => setPage({ kind: 'failed', message: T.loadFailure }),
    });
    return () => {
      alive = false;
      stop();
    };
  }, [api]);

  const root = (children: ReactNode) => (
    <div ref={rootRef} className="ppm-root ppm-statements">
      {children}
    </div>
  );

  if (page.kind === 'loading') return root(<p role="status">{T.loading}</p>);
  if (page.kind === 'signed-out') {
    return root(
      <>
        <p className="ppm-notice ppm-notice--info">{T.signInRequired}</p>
        <p>
          <a className="ppm-button" href={logInHref()}>
            {T.logIn}
          </a>
        </p>
      </>,
    );
  }
  if (page.kind === 'failed' || page.kind === 'no-policy') {
    const several = page.kind === 'no-policy' && page.several;
    return root(
      <>
        <p className={`ppm-notice ${page.kind === 'failed' ? 'ppm-notice--danger' : 'ppm-notice--info'}`} role={page.kind === 'failed' ? 'alert' : undefined}>
          {page.kind === 'failed' ? page.message : several ? T.choosePolicy : T.noPolicy}
        </p>
        <p>
          <a className="ppm-button" href={several ? ACCOUNT_PATHS.multiplePolicies : '/account'}>
            {several ? T.choosePolicyLink : T.accountLink}
          </a>
        </p>
      </>,
    );
  }

  const { data } = page;
  const balance = balanceWords(data.balanceCents, T);
  const photoHref = data.odometerUrl ? safeHref(data.odometerUrl) : null;
  return root(
    <>
      <p className="stm-policy-line">{T.policyLine(data.policyNumber)}</p>
      <section className={`stm-balance${balance.owed ? ' stm-balance--owed' : ''}`} aria-labelledby="stm-balance">
        <h2 id="stm-balance">{T.balanceHeading}</h2>
        <p>{balance.text}</p>
      </section>
      <p className="stm-intro">{T.intro}</p>
      {photoHref && (
        <p>
          <a className="ppm-button" href={photoHref}>
            {T.photoLink}
          </a>
        </p>
      )}
      {data.periods.length === 0 && <p className="ppm-notice ppm-notice--info">{T.noPeriods}</p>}
      {data.periods.map((period) => (
        <Period key={period.start} period={period} T={T} />
      ))}
    </>,
  );
}

function Period({ period, T }: { period: StatementPeriod; T: StatementsTexts }) {
  const id = `stm-period-${period.start}`;
  return (
    <section className="stm-period" aria-labelledby={id}>
      <div className="stm-period__head">
        <h2 id={id}>{T.periodHeading(usDay(period.start), usDay(period.end))}</h2>
        <span className={`stm-badge stm-badge--${period.status}`}>{T.periodStatus[period.status]}</span>
        <p className="stm-period__due">{T.readingsDue(usDay(period.dueOn))}</p>
      </div>
      <div className="stm-period__body">
        <ul className="stm-vehicles" aria-label={T.vehiclesHeading}>
          {period.vehicles.map((vehicle) => (
            <Vehicle key={vehicle.carNumber} vehicle={vehicle} dueOn={period.dueOn} T={T} />
          ))}
        </ul>
        <div>
          {period.bills.map((bill) => (
            <Bill key={`${bill.kind}-${bill.billDate}`} bill={bill} T={T} />
          ))}
          {period.bills.length === 0 && <p>{period.status === 'cancelled' ? T.noBillCancelled : T.noBill(usDay(period.dueOn))}</p>}
        </div>
      </div>
    </section>
  );
}

function Vehicle({ vehicle, dueOn, T }: { vehicle: StatementVehicle; dueOn: string; T: StatementsTexts }) {
  const facts = vehicleFacts(vehicle, dueOn, T);
  const photo = vehicle.reading?.photoUrl ? safeHref(vehicle.reading.photoUrl) : null;
  return (
    <li className={`stm-vehicle${photo ? '' : ' stm-vehicle--no-photo'}`}>
      <h3>{vehicle.name}</h3>
      {photo && (
        <img className="stm-thumb" src={photo} alt={T.photoAlt(vehicle.name, usDay(vehicle.reading!.date))} width="72" height="72" loading="lazy" />
      )}
      <div className="stm-vehicle__facts">
        {facts.reading && (
          <p>
            {facts.reading}
            {facts.readingState && ` (${facts.readingState})`}
          </p>
        )}
        {vehicle.plan === 'capped' ? (
          <p>{T.unlimited}</p>
        ) : (
          <>
            {facts.miles && <p>{facts.miles}</p>}
            {facts.how.map((words) => (
              <p key={words} className="stm-how">
                {words}
              </p>
            ))}
            {facts.rate && <p>{facts.rate}</p>}
          </>
        )}
      </div>
    </li>
  );
}

function Bill({ bill, T }: { bill: StatementBill; T: StatementsTexts }) {
  const status = billStatusWords(bill, T);
  const pdf = bill.documentUrl ? safeHref(bill.documentUrl) : null;
  return (
    <div className="stm-bill">
      <table className="stm-table">
        <caption>{billCaption(bill, T)}</caption>
        <thead>
          <tr>
            <th scope="col">{T.item}</th>
            <th scope="col" className="stm-amount">
              {T.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {bill.lines.map((line, index) => (
            <tr key={index}>
              <th scope="row">{line.label}</th>
              <td className="stm-amount">{formatCents(line.cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{T.total}</th>
            <td className="stm-amount">{formatCents(bill.totalCents)}</td>
          </tr>
        </tfoot>
      </table>
      <p className={`stm-bill__status stm-bill__status--${status.tone}`}>{status.text}</p>
      {pdf && (
        <p>
          <a href={pdf} target="_blank" rel="noopener">
            {T.billPdf(usDay(bill.billDate))}
          </a>
        </p>
      )}
    </div>
  );
}

/** The page with its own widget context (widget.tsx): its API client and events. */
export const StatementsPage = scoped<StatementsPageProps>(STATEMENTS_WIDGET, StatementsPageView);
