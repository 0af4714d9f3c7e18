/**
 * <account-dashboard>: the signed-in account's dashboard, /account (doc 1 "Account dashboard"). It waits for
 * the page's session (widgets/core/session.ts: one shared GET /api/user/retrieve_session) and renders only
 * for a signed-in person; with no selected policy it sends them to /account/multiple-policies (a redirect,
 * so Back does not bounce them here again). Otherwise:
 *   - 'Welcome back, {first name}' and the policy's number;
 *   - one expandable block per vehicle (a disclosure button with aria-expanded; the first open) with My
 *     vehicle (the picture: extcam02, else the first, else a drawn default), My policy (owner, renewal date,
 *     addresses, the ID card), My coverage (rates and limits) and My drivers;
 *   - Change Address, Add/Replace Vehicle, Change Coverage, Add/Edit Drivers and View My Statement open the
 *     'Call Us' modal and do not navigate;
 *   - the ID card opens the policy's insuranceCardUri in a new tab; without insuranceInfo it is a disabled
 *     button with a note saying why;
 *   - links to Statements, the card for the monthly bill, Request a Card, Lookup Quotes and Change Password.
 * The older /account/address, /vehicles, /coverage and /drivers redirect to /account#address and so on: the
 * matching section of the first vehicle's block opens, scrolls into view and takes focus.
 *
 * A page element of our own site (STYLE.md habit 10): no attributes or events. Property `navigate` (a
 * Navigate, default the browser's) is where it sends the person, so a test can watch instead of leaving.
 */
import type { Policy, VehicleInfo } from '../../../contract/api/policy.ts';
import { onSession, ownPolicies, selectedPolicy, type SessionState } from '../../core/session.ts';
import { ACCOUNT_PATHS, adoptElementStyles, browserNavigate, h, loadingMessage, safeHref, whenSignedIn, type Child, type Navigate } from '../dom.ts';
import { callUsDialog, type CallUsDialog } from './call-us-dialog.ts';
import {
  addressLines, addressesByType, coverageRows, driversInOrder, fullName, idCardUri, isUnlimited, licenseEnding, money, pictureUrl,
  primaryOwner, renewalDateText, sectionForHash, usDate, vehicleName, type Section,
} from './dashboard-logic.ts';
import { dashboardStyles } from './dashboard.styles.ts';
import { DASHBOARD_TEXTS as T } from './dashboard.texts.ts';
import { formatPerMileRate } from '../../../contract/rules/money.ts';

const DASHBOARD_TAG = 'account-dashboard';

const SECTION_TITLES: Record<Section, string> = { vehicle: T.myVehicle, policy: T.myPolicy, coverage: T.myCoverage, drivers: T.myDrivers };

class AccountDashboard extends HTMLElement {
  /** Where the element sends the person (the chooser when no policy is selected). */
  navigate: Navigate = browserNavigate;
  private stop: () => void = () => undefined;
  private stopHeading: () => void = () => undefined;
  private readonly heading = h('h1', {}, T.pageTitle);
  private readonly body = h('div');
  private blocks: VehicleBlock[] = [];
  private readonly onHashChange = () => this.landOnHash();

  connectedCallback(): void {
    adoptElementStyles(dashboardStyles);
    this.classList.add('ppm-root', 'account-dashboard');
    this.heading.textContent = T.pageTitle;
    this.replaceChildren(this.heading, this.body);
    this.stop = whenSignedIn(this.body, T, (state) => this.render(state));
    // signed out by a 401 elsewhere on the page: the name goes with the rest
    this.stopHeading = onSession((state) => {
      if (state.status !== 'success') this.heading.textContent = T.pageTitle;
    });
    window.addEventListener('hashchange', this.onHashChange);
  }

  disconnectedCallback(): void {
    this.stop();
    this.stopHeading();
    window.removeEventListener('hashchange', this.onHashChange);
  }

  private render(state: SessionState): void {
    const policy = selectedPolicy(state);
    if (!policy || !state.user) {
      this.body.replaceChildren(loadingMessage(T.loading));
      this.navigate(ACCOUNT_PATHS.multiplePolicies, 'replace');
      return;
    }
    this.heading.textContent = T.welcome(state.user.firstName);
    const dialog = callUsDialog('dash-call-us', T);
    const context: BlockContext = { policy, dialog };
    this.blocks = policy.vehicleInfo.map((vehicle, index) => new VehicleBlock(context, vehicle, index));
    const several = ownPolicies(state.policies).length > 1;
    this.body.replaceChildren(
      h(
        'p',
        { class: 'dash-policy-line' },
        T.policyLine(policy.policyNumber),
        several && ' ',
        several && h('a', { href: ACCOUNT_PATHS.multiplePolicies }, T.otherPolicy),
      ),
      h(
        'div',
        { class: 'dash-layout' },
        h(
          'div',
          { class: 'dash-vehicles' },
          ...(this.blocks.length > 0 ? this.blocks.map((block) => block.element) : [h('p', { class: 'ppm-notice ppm-notice--info' }, T.noVehicles)]),
        ),
        accountLinks(),
      ),
      dialog.element,
    );
    this.blocks[0]?.setOpen(true);
    this.landOnHash();
  }

  /** /account#address and the like: open the first block, bring the section into view and give it focus. */
  private landOnHash(): void {
    const section = sectionForHash(location.hash);
    const block = this.blocks[0];
    if (!section || !block) return;
    block.setOpen(true);
    block.focusSection(section);
  }
}

interface BlockContext {
  policy: Policy;
  dialog: CallUsDialog;
}

/** One vehicle: its disclosure button in a heading, and its four sections. */
class VehicleBlock {
  readonly element: HTMLElement;
  private readonly toggle: HTMLButtonElement;
  private readonly panel: HTMLElement;
  private readonly headings = new Map<Section, HTMLElement>();

  constructor(context: BlockContext, vehicle: VehicleInfo, index: number) {
    const id = `dash-vehicle-${index + 1}`;
    this.toggle = h(
      'button',
      { type: 'button', class: 'dash-vehicle__toggle', 'aria-expanded': 'false', 'aria-controls': `${id}-panel` },
      h('span', {}, vehicleName(vehicle)),
      chevron(),
    );
    this.toggle.addEventListener('click', () => this.setOpen(this.toggle.getAttribute('aria-expanded') !== 'true'));
    const sections: [Section, Child[]][] = [
      ['vehicle', vehicleSection(context, vehicle)],
      ['policy', policySection(context, id)],
      ['coverage', coverageSection(context, vehicle, id)],
      ['drivers', driversSection(context)],
    ];
    this.panel = h(
      'div',
      { id: `${id}-panel`, class: 'dash-vehicle__panel', hidden: true },
      ...sections.map(([section, content]) => {
        const headingId = `${id}-${section}`;
        const heading = h('h3', { id: headingId, tabindex: '-1' }, SECTION_TITLES[section]);
        this.headings.set(section, heading);
        // not a landmark each: four per vehicle would be a crowd of regions of the same four names
        return h('div', { class: `dash-section dash-section--${section}` }, heading, ...content);
      }),
    );
    this.element = h('section', { class: 'dash-vehicle', 'aria-labelledby': `${id}-title` }, h('h2', { id: `${id}-title`, class: 'dash-vehicle__title' }, this.toggle), this.panel);
  }

  setOpen(open: boolean): void {
    this.toggle.setAttribute('aria-expanded', String(open));
    this.panel.hidden = !open;
    this.element.classList.toggle('dash-vehicle--open', open);
  }

  focusSection(section: Section): void {
    const heading = this.headings.get(section);
    if (!heading) return;
    heading.closest('.dash-section')?.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  }
}

/** A button that opens the 'Call Us' modal instead of a page (doc 1: these "do not navigate"). */
function callUsButton(context: BlockContext, text: string): HTMLButtonElement {
  const button = h('button', { type: 'button', class: 'ppm-button ppm-button--secondary', 'aria-haspopup': 'dialog' }, text);
  button.addEventListener('click', () => context.dialog.open(button));
  return button;
}

/** A description list of label and value pairs; a value may be several lines. */
function facts(rows: [label: string, ...value: Child[]][], className = 'dash-facts'): HTMLDListElement {
  return h('dl', { class: className }, ...rows.map(([label, ...value]) => h('div', {}, h('dt', {}, label), h('dd', {}, ...value))));
}

function vehicleSection(context: BlockContext, vehicle: VehicleInfo): Child[] {
  return [
    vehiclePicture(vehicle),
    facts([
      [T.year, String(vehicle.year)],
      [T.make, vehicle.make],
      [T.model, vehicle.model],
      [T.bodyStyle, vehicle.bodyStyle],
      [T.vin, h('span', { class: 'dash-vin' }, vehicle.vin)],
    ]),
    h('div', { class: 'account-actions' }, callUsButton(context, T.addReplaceVehicle)),
  ];
}

/** The API's picture, or the drawn default when there is none or it does not load (the heading names the vehicle). */
function vehiclePicture(vehicle: VehicleInfo): HTMLElement {
  const frame = h('div', { class: 'dash-picture' });
  const src = pictureUrl(vehicle, location.href);
  if (!src) {
    frame.append(defaultPicture());
    return frame;
  }
  // the API's silhouettes are 400 by 160 (api/vehicle/draw.ts); the box keeps that shape before the picture arrives
  const image = h('img', { src, alt: '', width: 400, height: 160, decoding: 'async' });
  image.addEventListener('error', () => image.replaceWith(defaultPicture()), { once: true });
  frame.append(image);
  return frame;
}

function policySection(context: BlockContext, id: string): Child[] {
  const { policy } = context;
  const owner = primaryOwner(policy);
  const addresses = addressesByType(policy.addressInfo).map(({ type, address }): [string, ...Child[]] => {
    const [street, town] = addressLines(address);
    return [type === 'Garaging' ? T.garagingAddress : T.mailingAddress, street, h('br'), town];
  });
  return [
    ...(policy.cancelledOn ? [h('p', { class: 'account-note dash-cancelled', role: 'status' }, T.cancelled(usDate(policy.cancelledOn)))] : []),
    facts([
      [T.policyNumber, policy.policyNumber],
      ...(owner ? [[T.policyOwner, fullName(owner)] as [string, string]] : []),
      [T.renewalDate, renewalDateText(policy.renewalDate, T.toBeConfirmed)],
      ...addresses,
    ]),
    h('div', { class: 'account-actions' }, ...idCard(policy, `${id}-id-card-note`), callUsButton(context, T.viewStatement), callUsButton(context, T.changeAddress)),
  ];
}

/** The ID card: a link to the PDF in a new tab, or a disabled button and the reason (doc 1: "disabled when insuranceInfo is missing"). */
function idCard(policy: Policy, noteId: string): Child[] {
  const uri = idCardUri(policy);
  const href = uri ? safeHref(uri) : null;
  if (href) {
    return [h('a', { class: 'ppm-button', href, target: '_blank', rel: 'noopener' }, T.idCard, h('span', { class: 'ppm-visually-hidden' }, ` ${T.idCardNewTab}`))];
  }
  return [
    h('button', { type: 'button', class: 'ppm-button', disabled: true, 'aria-describedby': noteId }, T.idCard),
    h('p', { id: noteId, class: 'account-note dash-id-card-note' }, policy.cancelledOn ? T.idCardCancelled : T.idCardMissing),
  ];
}

function coverageSection(context: BlockContext, vehicle: VehicleInfo, id: string): Child[] {
  const premium = vehicle.premiumInfo;
  const rates: [string, string][] = isUnlimited(vehicle)
    ? [
        [T.plan, T.unlimited],
        ...(typeof vehicle.unlimitedRate === 'number' ? [[T.unlimitedPremium, money(vehicle.unlimitedRate)] as [string, string]] : []),
      ]
    : [
        [T.plan, T.payPerMile],
        [T.baseRate, money(premium.baseRate)],
        [T.perMileRate, formatPerMileRate(premium.perMileRate)],
      ];
  const rows = coverageRows(vehicle.coverageInfo);
  const titleId = `${id}-coverages`;
  return [
    facts(rates),
    h('h4', { id: titleId }, T.coveragesTitle),
    rows.length > 0
      ? h(
          'dl',
          { class: 'dash-coverages', 'aria-labelledby': titleId },
          ...rows.map((row) =>
            h(
              'div',
              {},
              h('dt', {}, row.label),
              h('dd', { class: 'dash-coverages__limit' }, row.value),
              row.description && h('dd', { class: 'dash-coverages__about' }, row.description),
            ),
          ),
        )
      : h('p', { class: 'account-note' }, T.noCoverages),
    h('div', { class: 'account-actions' }, callUsButton(context, T.changeCoverage)),
  ];
}

function driversSection(context: BlockContext): Child[] {
  const drivers = driversInOrder(context.policy.driverInfo);
  return [
    drivers.length > 0
      ? h(
          'ul',
          { class: 'dash-drivers' },
          ...drivers.map((driver) => {
            const ending = licenseEnding(driver.licenseNumber);
            return h(
              'li',
              {},
              h('p', { class: 'dash-drivers__name' }, fullName(driver)),
              facts(
                [[T.driverDob, usDate(driver.dob)], ...(ending ? [[T.driverLicense, T.licenseEnding(ending)] as [string, string]] : [])],
                'dash-facts dash-facts--inline',
              ),
            );
          }),
        )
      : h('p', { class: 'account-note' }, T.noDrivers),
    h('div', { class: 'account-actions' }, callUsButton(context, T.addEditDrivers)),
  ];
}

function accountLinks(): HTMLElement {
  const links: [string, string][] = [
    [ACCOUNT_PATHS.statements, T.statements],
    [ACCOUNT_PATHS.paymentCard, T.paymentCard],
    [ACCOUNT_PATHS.requestCard, T.requestCard],
    [ACCOUNT_PATHS.lookupQuotes, T.lookupQuotes],
    [ACCOUNT_PATHS.changePassword, T.changePassword],
  ];
  return h(
    'nav',
    { class: 'dash-links', 'aria-labelledby': 'dash-links-title' },
    h('h2', { id: 'dash-links-title' }, T.linksTitle),
    h('ul', {}, ...links.map(([href, text]) => h('li', {}, h('a', { href }, text)))),
  );
}

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag: string, attributes: Record<string, string>, ...children: SVGElement[]): SVGElement {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/** The default picture (doc 1: "otherwise a default image"): a neutral sports-car side view, drawn here, no request. */
function defaultPicture(): SVGElement {
  return svg(
    'svg',
    { viewBox: '0 0 240 90', class: 'dash-picture__default', 'aria-hidden': 'true', focusable: 'false' },
    svg('path', {
      fill: 'currentColor',
      d: 'M10 64c0-9 6-13 16-15l34-6c14-12 32-21 58-21 22 0 41 7 60 19l31 6c11 2 19 7 21 17v6h-18a20 20 0 0 0-39 0H77a20 20 0 0 0-39 0H10Z',
    }),
    svg('circle', { cx: '57', cy: '68', r: '13', fill: 'currentColor' }),
    svg('circle', { cx: '181', cy: '68', r: '13', fill: 'currentColor' }),
  );
}

function chevron(): SVGElement {
  return svg(
    'svg',
    { viewBox: '0 0 24 24', class: 'dash-vehicle__chevron', 'aria-hidden': 'true', focusable: 'false' },
    svg('path', { d: 'M6 9l6 6 6-6', fill: 'none', stroke: 'currentColor', 'stroke-width': '2.5', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }),
  );
}

if (!customElements.get(DASHBOARD_TAG)) customElements.define(DASHBOARD_TAG, AccountDashboard);

declare global {
  interface HTMLElementTagNameMap {
    'account-dashboard': AccountDashboard;
  }
}
