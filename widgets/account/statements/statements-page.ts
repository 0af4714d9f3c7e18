/**
 * <account-statements>: /account/Statements, linked as /account/statements (doc 1 route table: "Placeholder
 * page titled Statements"; issue 9: "the policy's odometer readings ..., with the miles and the mileage
 * charge (per-mile rate x miles) of each interval, and a link to send this interval's photo"). Once the
 * page's session is known and signed in, it asks GET /api/user/statements?policyNumber=<selected policy> and
 * shows, per vehicle, a table of its billing intervals (period, start and end readings, miles, per-mile rate,
 * mileage charge; the open interval in progress; the closed ones' total). An Unlimited vehicle says no
 * mileage is charged. With no selected policy it offers the chooser.
 * A page element of our own site (STYLE.md habit 10): no attributes or events.
 */
import type { StatementVehicle, StatementsAnswer } from '../../../contract/api/account.ts';
import { statements } from '../../../contract/api/endpoints/user.ts';
import { createApiClient } from '../../core/api-client.ts';
import { selectedPolicy, type SessionState } from '../../core/session.ts';
import { money, vehicleName } from '../dashboard/dashboard-logic.ts';
import { ACCOUNT_PATHS, adoptElementStyles, h, loadingMessage, safeHref, whenSignedIn } from '../dom.ts';
import { chargedPerMile, closedTotals, statementRows } from './statements-logic.ts';
import { statementsStyles } from './statements.styles.ts';
import { STATEMENTS_TEXTS as T } from './statements.texts.ts';
import { formatPerMileRate } from '../../../contract/rules/money.ts';

const STATEMENTS_TAG = 'account-statements';

class AccountStatements extends HTMLElement {
  private stop: () => void = () => undefined;

  connectedCallback(): void {
    adoptElementStyles(statementsStyles);
    this.classList.add('ppm-root', 'account-statements');
    this.stop = whenSignedIn(this, T, (state) => void this.load(state));
  }

  disconnectedCallback(): void {
    this.stop();
  }

  private async load(state: SessionState): Promise<void> {
    const policy = selectedPolicy(state);
    if (!policy) {
      this.replaceChildren(
        h('p', { class: 'ppm-notice ppm-notice--info' }, T.choosePolicy),
        h('p', {}, h('a', { class: 'ppm-button', href: ACCOUNT_PATHS.multiplePolicies }, T.choosePolicyLink)),
      );
      return;
    }
    this.replaceChildren(loadingMessage(T.loading));
    const result = await createApiClient('').call(statements, null, { query: { policyNumber: policy.policyNumber } });
    if (!this.isConnected) return;
    if (!result.ok) {
      // a 401 ends the session page-wide, and whenSignedIn shows the way to log in instead
      if (result.status === 401) return;
      const known = result.status >= 400 && result.status < 500 ? result.messages[0] : undefined;
      this.replaceChildren(h('p', { class: 'ppm-notice ppm-notice--danger', role: 'alert' }, known ?? T.loadFailure));
      return;
    }
    this.render(result.data.data);
  }

  private render(data: StatementsAnswer['data']): void {
    const photoHref = data.odometerUrl ? safeHref(data.odometerUrl) : null;
    this.replaceChildren(
      h('p', { class: 'stm-policy-line' }, T.policyLine(data.policyNumber)),
      h('p', { class: 'account-intro' }, T.intro),
      ...(photoHref ? [photoLink(photoHref)] : []),
      ...data.vehicles.map((vehicle, index) => vehicleStatement(vehicle, index)),
    );
  }
}

/** The odometer page for this interval's photo (the same tab: it is a page, made for a phone). */
function photoLink(href: string): HTMLElement {
  return h(
    'section',
    { class: 'account-card stm-photo', 'aria-labelledby': 'stm-photo-title' },
    h('h2', { id: 'stm-photo-title' }, T.photoTitle),
    h('p', {}, T.photoText),
    h('a', { class: 'ppm-button', href }, T.photoLink),
  );
}

function vehicleStatement(vehicle: StatementVehicle, index: number): HTMLElement {
  const id = `stm-vehicle-${index + 1}`;
  const name = vehicleName(vehicle);
  const section = h('section', { class: 'stm-vehicle', 'aria-labelledby': `${id}-title` }, h('h2', { id: `${id}-title` }, name));
  if (!chargedPerMile(vehicle)) {
    section.append(h('p', { class: 'ppm-notice ppm-notice--info' }, T.unlimited));
    return section;
  }
  const rate = vehicle.intervals[0]?.perMileRate;
  if (rate !== undefined) section.append(h('p', { class: 'account-note' }, T.payPerMile(money(vehicle.baseRate), formatPerMileRate(rate))));
  if (vehicle.intervals.length === 0) {
    section.append(h('p', {}, T.noIntervals));
    return section;
  }
  section.append(intervalsTable(vehicle, id, name));
  return section;
}

const COLUMNS = [T.period, T.startReading, T.endReading, T.miles, T.perMileRate, T.mileageCharge] as const;

/**
 * The intervals, newest first: the period heads each row; numbers align right. On a phone the rows become
 * cards (statements.styles.ts), each figure under its column's name; the explicit roles keep it a table for
 * screen readers whatever the CSS display, and the names shown by CSS are hidden from them (they hear the
 * column headers instead).
 */
function intervalsTable(vehicle: StatementVehicle, id: string, name: string): HTMLElement {
  const rows = statementRows(vehicle.intervals, T);
  const totals = closedTotals(vehicle.intervals);
  const cell = (column: number, text: string) => h('td', { role: 'cell', 'data-label': COLUMNS[column] }, text);
  const table = h(
    'table',
    { class: 'stm-table', role: 'table' },
    h('caption', { id: `${id}-caption` }, T.caption(name)),
    h('thead', { role: 'rowgroup' }, h('tr', { role: 'row' }, ...COLUMNS.map((column) => h('th', { scope: 'col', role: 'columnheader' }, column)))),
    h(
      'tbody',
      { role: 'rowgroup' },
      ...rows.map((row) =>
        h(
          'tr',
          { role: 'row', class: row.open ? 'stm-open' : undefined },
          h('th', { scope: 'row', role: 'rowheader' }, row.period, row.open && ' ', row.open && h('span', { class: 'stm-badge' }, T.inProgress)),
          cell(1, row.startReading),
          cell(2, row.endReading),
          cell(3, row.miles),
          cell(4, row.perMileRate),
          cell(5, row.mileageCharge),
        ),
      ),
    ),
    totals &&
      h(
        'tfoot',
        { role: 'rowgroup' },
        h(
          'tr',
          { role: 'row' },
          h('th', { scope: 'row', role: 'rowheader', colspan: 3 }, T.total),
          cell(3, totals.miles),
          h('td', { role: 'cell', class: 'stm-empty' }),
          cell(5, totals.mileageCharge),
        ),
      ),
  );
  return h('div', { class: 'stm-frame' }, table);
}

if (!customElements.get(STATEMENTS_TAG)) customElements.define(STATEMENTS_TAG, AccountStatements);

declare global {
  interface HTMLElementTagNameMap {
    'account-statements': AccountStatements;
  }
}
