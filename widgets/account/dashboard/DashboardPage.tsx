/**
 * The signed-in account's dashboard, /account (doc 1 "Account dashboard"), an island of our site on
 * widgets/core. It waits for the page's session (SignedIn: one shared GET /api/user/retrieve_session) and
 * renders only for a signed-in person; with no selected policy it sends them to /account/multiple-policies (a
 * redirect, so Back does not bounce them here again). Otherwise:
 *   - 'Welcome back, {first name}' and the policy's number;
 *   - one expandable block per vehicle (a disclosure button with aria-expanded; the first open) with My
 *     vehicle (the picture: extcam02, else the first, else a drawn default), My policy (owner, renewal date,
 *     addresses, the ID card), My coverage (rates and limits) and My drivers;
 *   - Change Address, Add/Replace Vehicle, Change Coverage, Add/Edit Drivers and View My Statement open the
 *     'Call Us' modal (CallUsDialog.tsx, on core's Modal) and do not navigate;
 *   - the ID card opens the policy's insuranceCardUri in a new tab; without insuranceInfo it is a disabled
 *     button with a note saying why;
 *   - links to Statements, the card for the monthly bill, Request a Card, Lookup Quotes and Change Password.
 * The older /account/address, /vehicles, /coverage and /drivers redirect to /account#address and so on
 * (older-link-redirect.ts): the matching section of the first vehicle's block opens, scrolls into view and
 * takes focus, on arrival and on a later hash change.
 *
 * Prop `navigate` (a Navigate, default the browser's) is where it sends the person, so a test can watch
 * instead of leaving.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { Policy, VehicleInfo } from '../../../contract/api/policy.ts';
import { formatPerMileRate } from '../../../contract/rules/money.ts';
import { CarDrawing } from '../../core/CarDrawing.tsx';
import { modalStyles } from '../../core/modal.tsx';
import { ownPolicies, selectedPolicy, session, type SessionState } from '../../core/session.ts';
import { useAdoptedStyles } from '../../core/styles/adopt.ts';
import { baseStyles } from '../../core/styles/base.styles.ts';
import { scoped, useWidget } from '../../core/widget.tsx';
import { accountStyles } from '../account.styles.ts';
import { Loading, SignedIn } from '../AccountParts.tsx';
import { ACCOUNT_PATHS, browserNavigate, safeHref, type Navigate } from '../paths.ts';
import { CallUsDialog } from './CallUsDialog.tsx';
import {
  addressLines, addressesByType, coverageRows, driversInOrder, fullName, idCardUri, isUnlimited, licenseEnding, money, pictureUrl,
  primaryOwner, renewalDateText, sectionForHash, usDate, vehicleName, type Section,
} from './dashboard-logic.ts';
import { dashboardStyles } from './dashboard.styles.ts';
import { DASHBOARD_TEXTS, type DashboardTexts } from './dashboard.texts.ts';

const DASHBOARD_WIDGET = 'ppm-account-dashboard';
const SECTIONS: readonly Section[] = ['vehicle', 'policy', 'coverage', 'drivers'];

interface DashboardPageProps {
  /** Where the page sends the person (the chooser when no policy is selected); default the browser's. */
  navigate?: Navigate;
  texts?: Partial<DashboardTexts>;
}

/** Opens the 'Call Us' modal from the button pressed (focus returns there when it closes). */
type CallUs = (opener: HTMLElement) => void;

/** A button that opens the 'Call Us' modal instead of a page (doc 1: these "do not navigate"). */
function CallUsButton({ text, callUs }: { text: string; callUs: CallUs }) {
  return (
    <button type="button" className="ppm-button ppm-button--secondary" aria-haspopup="dialog" onClick={(event) => callUs(event.currentTarget)}>
      {text}
    </button>
  );
}

/** A description list of label and value pairs; a value may be several lines. */
function Facts({ rows, className = 'dash-facts' }: { rows: readonly [label: string, value: ReactNode][]; className?: string }) {
  return (
    <dl className={className}>
      {rows.map(([label, value], index) => (
        <div key={index}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The API's picture, or the drawn default when there is none or it does not load (the heading names the vehicle). */
function VehiclePicture({ vehicle }: { vehicle: VehicleInfo }) {
  const src = pictureUrl(vehicle, location.href);
  const [failed, setFailed] = useState(false);
  return (
    <div className="dash-picture">
      {src && !failed ? (
        // the API's silhouettes are 400 by 160 (api/vehicle/draw.ts); the box keeps that shape before the picture arrives
        <img src={src} alt="" width={400} height={160} decoding="async" onError={() => setFailed(true)} />
      ) : (
        // doc 1: "otherwise a default image": our own drawing, no request
        <CarDrawing className="dash-picture__default" />
      )}
    </div>
  );
}

function VehicleSection({ vehicle, callUs, T }: { vehicle: VehicleInfo; callUs: CallUs; T: DashboardTexts }) {
  return (
    <>
      <VehiclePicture vehicle={vehicle} />
      <Facts
        rows={[
          [T.year, String(vehicle.year)],
          [T.make, vehicle.make],
          [T.model, vehicle.model],
          [T.bodyStyle, vehicle.bodyStyle],
          [T.vin, <span className="dash-vin">{vehicle.vin}</span>],
        ]}
      />
      <div className="account-actions">
        <CallUsButton text={T.addReplaceVehicle} callUs={callUs} />
      </div>
    </>
  );
}

/** The ID card: a link to the PDF in a new tab, or a disabled button and the reason (doc 1: "disabled when insuranceInfo is missing"). */
function IdCard({ policy, noteId, T }: { policy: Policy; noteId: string; T: DashboardTexts }) {
  const uri = idCardUri(policy);
  const href = uri ? safeHref(uri) : null;
  if (href) {
    return (
      <a className="ppm-button" href={href} target="_blank" rel="noopener">
        {T.idCard}
        <span className="ppm-visually-hidden">{` ${T.idCardNewTab}`}</span>
      </a>
    );
  }
  return (
    <>
      <button type="button" className="ppm-button" disabled aria-describedby={noteId}>
        {T.idCard}
      </button>
      <p id={noteId} className="account-note dash-id-card-note">
        {policy.cancelledOn ? T.idCardCancelled : T.idCardMissing}
      </p>
    </>
  );
}

function PolicySection({ policy, id, callUs, T }: { policy: Policy; id: string; callUs: CallUs; T: DashboardTexts }) {
  const owner = primaryOwner(policy);
  const addresses = addressesByType(policy.addressInfo).map(({ type, address }): [string, ReactNode] => {
    const [street, town] = addressLines(address);
    return [
      type === 'Garaging' ? T.garagingAddress : T.mailingAddress,
      <>
        {street}
        <br />
        {town}
      </>,
    ];
  });
  return (
    <>
      {policy.cancelledOn && (
        <p className="account-note dash-cancelled" role="status">
          {T.cancelled(usDate(policy.cancelledOn))}
        </p>
      )}
      <Facts
        rows={[
          [T.policyNumber, policy.policyNumber],
          ...(owner ? [[T.policyOwner, fullName(owner)] as [string, string]] : []),
          [T.renewalDate, renewalDateText(policy.renewalDate, T.toBeConfirmed)],
          ...addresses,
        ]}
      />
      <div className="account-actions">
        <IdCard policy={policy} noteId={`${id}-id-card-note`} T={T} />
        <CallUsButton text={T.viewStatement} callUs={callUs} />
        <CallUsButton text={T.changeAddress} callUs={callUs} />
      </div>
    </>
  );
}

function CoverageSection({ vehicle, id, callUs, T }: { vehicle: VehicleInfo; id: string; callUs: CallUs; T: DashboardTexts }) {
  const premium = vehicle.premiumInfo;
  const rates: [string, string][] = isUnlimited(vehicle)
    ? [[T.plan, T.unlimited], ...(typeof vehicle.unlimitedRate === 'number' ? [[T.unlimitedPremium, money(vehicle.unlimitedRate)] as [string, string]] : [])]
    : [
        [T.plan, T.payPerMile],
        [T.baseRate, money(premium.baseRate)],
        [T.perMileRate, formatPerMileRate(premium.perMileRate)],
      ];
  const rows = coverageRows(vehicle.coverageInfo);
  const titleId = `${id}-coverages`;
  return (
    <>
      <Facts rows={rates} />
      <h4 id={titleId}>{T.coveragesTitle}</h4>
      {rows.length > 0 ? (
        <dl className="dash-coverages" aria-labelledby={titleId}>
          {rows.map((row, index) => (
            <div key={index}>
              <dt>{row.label}</dt>
              <dd className="dash-coverages__limit">{row.value}</dd>
              {row.description && <dd className="dash-coverages__about">{row.description}</dd>}
            </div>
          ))}
        </dl>
      ) : (
        <p className="account-note">{T.noCoverages}</p>
      )}
      <div className="account-actions">
        <CallUsButton text={T.changeCoverage} callUs={callUs} />
      </div>
    </>
  );
}

function DriversSection({ policy, callUs, T }: { policy: Policy; callUs: CallUs; T: DashboardTexts }) {
  const drivers = driversInOrder(policy.driverInfo);
  return (
    <>
      {drivers.length > 0 ? (
        <ul className="dash-drivers">
          {drivers.map((driver, index) => {
            const ending = licenseEnding(driver.licenseNumber);
            return (
              <li key={`${driver.driverNumber}-${index}`}>
                <p className="dash-drivers__name">{fullName(driver)}</p>
                <Facts
                  className="dash-facts dash-facts--inline"
                  rows={[[T.driverDob, usDate(driver.dob)], ...(ending ? [[T.driverLicense, T.licenseEnding(ending)] as [string, string]] : [])]}
                />
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="account-note">{T.noDrivers}</p>
      )}
      <div className="account-actions">
        <CallUsButton text={T.addEditDrivers} callUs={callUs} />
      </div>
    </>
  );
}

/** One vehicle: its disclosure button in a heading, and its four sections. */
function VehicleBlock({ policy, vehicle, index, open, toggle, callUs, T }: {
  policy: Policy;
  vehicle: VehicleInfo;
  index: number;
  open: boolean;
  toggle: () => void;
  callUs: CallUs;
  T: DashboardTexts;
}) {
  const id = `dash-vehicle-${index + 1}`;
  const titles: Record<Section, string> = { vehicle: T.myVehicle, policy: T.myPolicy, coverage: T.myCoverage, drivers: T.myDrivers };
  const content: Record<Section, ReactNode> = {
    vehicle: <VehicleSection vehicle={vehicle} callUs={callUs} T={T} />,
    policy: <PolicySection policy={policy} id={id} callUs={callUs} T={T} />,
    coverage: <CoverageSection vehicle={vehicle} id={id} callUs={callUs} T={T} />,
    drivers: <DriversSection policy={policy} callUs={callUs} T={T} />,
  };
  return (
    <section className={open ? 'dash-vehicle dash-vehicle--open' : 'dash-vehicle'} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="dash-vehicle__title">
        <button type="button" className="dash-vehicle__toggle" aria-expanded={open ? 'true' : 'false'} aria-controls={`${id}-panel`} onClick={toggle}>
          <span>{vehicleName(vehicle)}</span>
          <Chevron />
        </button>
      </h2>
      <div id={`${id}-panel`} className="dash-vehicle__panel" hidden={!open}>
        {/* not a landmark each: four per vehicle would be a crowd of regions of the same four names */}
        {SECTIONS.map((section) => (
          <div key={section} className={`dash-section dash-section--${section}`}>
            <h3 id={`${id}-${section}`} tabIndex={-1}>
              {titles[section]}
            </h3>
            {content[section]}
          </div>
        ))}
      </div>
    </section>
  );
}

function AccountLinks({ T }: { T: DashboardTexts }) {
  const links: [string, string][] = [
    [ACCOUNT_PATHS.statements, T.statements],
    [ACCOUNT_PATHS.paymentCard, T.paymentCard],
    [ACCOUNT_PATHS.requestCard, T.requestCard],
    [ACCOUNT_PATHS.lookupQuotes, T.lookupQuotes],
    [ACCOUNT_PATHS.changePassword, T.changePassword],
  ];
  return (
    <nav className="dash-links" aria-labelledby="dash-links-title">
      <h2 id="dash-links-title">{T.linksTitle}</h2>
      <ul>
        {links.map(([href, text]) => (
          <li key={href}>
            <a href={href}>{text}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * /account#address and the like: opens the first block and asks for the section's heading to be brought into
 * view and focused, on arrival and at each later hash change.
 */
function useHashLanding(vehicleCount: number, openFirst: () => void): { section: Section; times: number } | null {
  const [landing, setLanding] = useState<{ section: Section; times: number } | null>(null);
  useEffect(() => {
    const land = () => {
      const section = sectionForHash(location.hash);
      if (!section || vehicleCount === 0) return;
      openFirst();
      setLanding((before) => ({ section, times: (before?.times ?? 0) + 1 }));
    };
    land();
    window.addEventListener('hashchange', land);
    return () => window.removeEventListener('hashchange', land);
  }, [vehicleCount]);
  return landing;
}

function Dashboard({ policy, firstName, several, greet, T }: {
  policy: Policy;
  firstName: string;
  several: boolean;
  /** Puts the name in the page's heading while the dashboard is drawn (before the paint), and takes it away after. */
  greet: (firstName: string | null) => void;
  T: DashboardTexts;
}) {
  const vehicles = policy.vehicleInfo;
  useLayoutEffect(() => {
    greet(firstName);
    return () => greet(null);
  }, [firstName]);
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set([0]));
  const [dialogOpen, setDialogOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const layout = useRef<HTMLDivElement>(null);
  const landing = useHashLanding(vehicles.length, () => setOpen((now) => new Set([...now, 0])));

  // after the render that opened the block: its section's heading exists and is visible
  useEffect(() => {
    if (!landing) return;
    const heading = layout.current?.querySelector<HTMLElement>(`#dash-vehicle-1-${landing.section}`);
    if (!heading) return;
    heading.closest('.dash-section')?.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  }, [landing]);

  const toggle = (index: number) =>
    setOpen((now) => {
      const next = new Set(now);
      if (!next.delete(index)) next.add(index);
      return next;
    });
  const callUs: CallUs = (button) => {
    opener.current = button;
    setDialogOpen(true);
  };

  return (
    <>
      <p className="dash-policy-line">
        {T.policyLine(policy.policyNumber)}
        {several && (
          <>
            {' '}
            <a href={ACCOUNT_PATHS.multiplePolicies}>{T.otherPolicy}</a>
          </>
        )}
      </p>
      <div ref={layout} className="dash-layout">
        <div className="dash-vehicles">
          {vehicles.length > 0 ? (
            vehicles.map((vehicle, index) => (
              <VehicleBlock
                key={`${index}-${vehicle.vin}`}
                policy={policy}
                vehicle={vehicle}
                index={index}
                open={open.has(index)}
                toggle={() => toggle(index)}
                callUs={callUs}
                T={T}
              />
            ))
          ) : (
            <p className="ppm-notice ppm-notice--info">{T.noVehicles}</p>
          )}
        </div>
        <AccountLinks T={T} />
      </div>
      <CallUsDialog open={dialogOpen} onClose={() => setDialogOpen(false)} opener={opener as RefObject<HTMLElement | null>} texts={T} />
    </>
  );
}

/** No selected policy (none chosen among several, or a quote): off to the chooser, replacing this page. */
function ToTheChooser({ navigate, T }: { navigate: Navigate; T: DashboardTexts }) {
  useEffect(() => navigate(ACCOUNT_PATHS.multiplePolicies, 'replace'), []);
  return <Loading text={T.loading} />;
}

function DashboardContent({ state, navigate, greet, T }: { state: SessionState; navigate: Navigate; greet: (firstName: string | null) => void; T: DashboardTexts }) {
  const policy = selectedPolicy(state);
  if (!policy || !state.user) return <ToTheChooser navigate={navigate} T={T} />;
  return <Dashboard key={policy.policyNumber} policy={policy} firstName={state.user.firstName} several={ownPolicies(state.policies).length > 1} greet={greet} T={T} />;
}

function DashboardView({ navigate = browserNavigate, texts }: DashboardPageProps) {
  useSignals();
  const T = { ...DASHBOARD_TEXTS, ...texts };
  const { rootRef } = useWidget();
  useAdoptedStyles(rootRef, [baseStyles, accountStyles, modalStyles, dashboardStyles]);
  // the greeting while the dashboard is drawn and the session holds: a 401 elsewhere on the page (or a session
  // being asked for again) takes the name away at once, as the content makes way for the log-in link
  const [greeting, greet] = useState<string | null>(null);
  const heading = greeting !== null && session.value.status === 'success' ? T.welcome(greeting) : T.pageTitle;
  return (
    <div ref={rootRef} className="ppm-root account-dashboard">
      <h1>{heading}</h1>
      <SignedIn texts={T}>{(signedIn) => <DashboardContent state={signedIn} navigate={navigate} greet={greet} T={T} />}</SignedIn>
    </div>
  );
}

function Chevron() {
  return (
    <svg viewBox="0 0 24 24" className="dash-vehicle__chevron" aria-hidden="true" focusable="false">
      <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The page with its own widget context (widget.tsx): its API client for the session check. */
export const DashboardPage = scoped<DashboardPageProps>(DASHBOARD_WIDGET, DashboardView);
