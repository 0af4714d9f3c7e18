/**
 * The operations pages: odometer photos the checks held for review (issue 8), at /ops/odometer, notices
 * waiting to be posted (api/notices/: a policy without the consent to electronic delivery), at /ops/notices,
 * and the daily reconciliations of the ledger with the card provider, at /ops/reconciliations.
 * Off (404) unless OPS_PASSWORD is set, behind HTTP Basic when it is. Server-rendered HTML with one small
 * script of ours per page (the CSP allows nothing else); decisions are JSON calls under /ops, from this
 * origin only, checked with the contract's structs and refused with the rule's message.
 *
 * GET  /ops/odometer                    the list: photo, typed reading, both OCR readings, the reasons
 * GET  /ops/odometer/photos/:readingId  the normalised photo
 * GET  /ops/odometer/crops/:readingId   the crop to the sender's guide frame that was read (issue 24), when there is one
 * GET  /ops/odometer/review.js          the page's script
 * POST /ops/odometer/:readingId         { decision, correctedReading?, note? } -> { status }
 * GET  /ops/notices                     the notices to post, oldest first: kind, policy, address, created
 * GET  /ops/notices/:noticeId/pdf       its print-ready PDF (a download)
 * GET  /ops/notices/notices.js          the page's script
 * POST /ops/notices/:noticeId/posted    { postedBy } -> { status: 'posted', postedAt }
 * GET  /ops/reconciliations             the last 30 days' reconciliations of the ledger with the card
 *                                       provider, each with its differences (api/payments/reconciliation.ts)
 */
import { Hono } from 'hono';
import { MarkNoticePostedRequest, wholeId, OdometerReviewRequest, type MarkNoticePostedAnswer, type OdometerReviewAnswer } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { DatabaseUnavailableError } from '../db/db.ts';
import { readBody } from '../http/body.ts';
import { ApiError, databaseUnavailableResponse, errorResponse, HTTP_MESSAGES } from '../http/errors.ts';
import { refusal } from './refusals.ts';
import { allowedOrigin, checkOrigin, limitBody, requireJson } from '../http/guards.ts';
import { escapeHtml } from '../mail/layout.ts';
import { basicAuth } from '../ops/basic-auth.ts';
import { reviewReading } from '../ops/review.ts';
import { markNoticePosted, noticesToPost, pdfOfNotice, type PostedNotice } from '../notices/notices.ts';
import { readingById, readingsAwaitingReview, type ReadingRow } from '../odometer/readings.ts';
import { logError } from '../log.ts';
import { policyNumberOf, vehicleName, vehiclesOf } from '../policies/records.ts';
import { formatIsoDate, localToday } from '../../contract/index.ts';
import { recentReconciliations, type Reconciliation } from '../payments/reconciliation.ts';
import { describeDifference, describeTotals } from '../payments/reconciliation-mail.ts';

const PAGE_CSP = "default-src 'none'; img-src 'self'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const PRIVATE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' } as const;

export function opsRoutes(deps: Deps): Hono {
  const app = new Hono();
  const password = deps.config.opsPassword;
  if (!password) return app; // off: every /ops path falls through to the site's 404

  app.use('*', basicAuth(password, 'operations'));
  app.use('*', checkOrigin(allowedOrigin(deps.config.publicOrigin, [])));

  app.get('/odometer', async (c) => {
    const readings = await readingsAwaitingReview(deps.db);
    const vehicles = await vehicleNames(deps, readings);
    return c.html(page(readings, vehicles), 200, { ...PRIVATE, 'Content-Security-Policy': PAGE_CSP });
  });

  app.get('/reconciliations', async (c) => {
    const days = await recentReconciliations(deps.db, formatIsoDate(localToday(deps.clock())), RECONCILIATION_DAYS);
    return c.html(reconciliationsPage(days), 200, { ...PRIVATE, 'Content-Security-Policy': PAGE_CSP });
  });

  app.get('/odometer/review.js', (c) => c.body(REVIEW_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', ...PRIVATE }));

  app.get('/odometer/photos/:readingId', async (c) => {
    const reading = await readingById(deps.db, wholeId(c.req.param('readingId')) ?? 0);
    const blob = reading ? await deps.blobs.get(reading.photoBlobKey) : null;
    if (!blob) return c.text('No such photo.', 404, PRIVATE);
    return c.body(blob.bytes as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': reading!.photoContentType, ...PRIVATE });
  });

  app.get('/odometer/crops/:readingId', async (c) => {
    const reading = await readingById(deps.db, wholeId(c.req.param('readingId')) ?? 0);
    const blob = reading?.cropBlobKey ? await deps.blobs.get(reading.cropBlobKey) : null;
    if (!blob) return c.text('No such crop.', 404, PRIVATE);
    return c.body(blob.bytes as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'image/jpeg', ...PRIVATE });
  });

  app.post('/odometer/:readingId', requireJson(), limitBody(4096), async (c) => {
    const request = await readBody(c, OdometerReviewRequest);
    const outcome = await reviewReading(deps, wholeId(c.req.param('readingId')) ?? 0, request);
    if (outcome.kind === 'refused') throw refusal(outcome);
    // an approval may have issued the policy: its e-mail is queued
    void deps.mail.deliverDue();
    return c.json({ status: outcome.status } satisfies OdometerReviewAnswer, 200, PRIVATE);
  });

  app.get('/notices', async (c) => {
    const notices = await noticesToPost(deps.db);
    const numbers = new Map<number, string>();
    for (const notice of notices) {
      if (!numbers.has(notice.policyId)) numbers.set(notice.policyId, (await policyNumberOf(deps.db, notice.policyId)) ?? '');
    }
    return c.html(noticesPage(notices, numbers), 200, { ...PRIVATE, 'Content-Security-Policy': PAGE_CSP });
  });

  app.get('/notices/notices.js', (c) => c.body(NOTICES_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', ...PRIVATE }));

  app.get('/notices/:noticeId/pdf', async (c) => {
    const found = await pdfOfNotice(deps.db, deps.blobs, wholeId(c.req.param('noticeId')) ?? 0);
    if (!found) return c.text('No such notice.', 404, PRIVATE);
    return c.body(found.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${downloadName(found.notice)}"`,
      ...PRIVATE,
    });
  });

  app.post('/notices/:noticeId/posted', requireJson(), limitBody(4096), async (c) => {
    const request = await readBody(c, MarkNoticePostedRequest);
    const outcome = await markNoticePosted(deps.db, wholeId(c.req.param('noticeId')) ?? 0, request.postedBy, deps.clock());
    if (outcome.kind === 'refused') throw refusal(outcome);
    return c.json({ status: 'posted', postedAt: outcome.postedAt.toISOString() } satisfies MarkNoticePostedAnswer, 200, PRIVATE);
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error.status, error.messages, error.fields, error.headers);
    logError(deps.log, `${c.req.method} /ops`, error);
    // as in /api (api/app.ts): the database going away is a 503 to retry, not a bug of ours
    if (error instanceof DatabaseUnavailableError) return databaseUnavailableResponse(c);
    return errorResponse(c, 500, [HTTP_MESSAGES.internal]);
  });
  return app;
}

/** Each held reading's policy number and vehicle, as the page heads it. */
async function vehicleNames(deps: Deps, readings: readonly ReadingRow[]): Promise<Map<number, { policyNumber: string; vehicle: string }>> {
  const names = new Map<number, { policyNumber: string; vehicle: string }>();
  for (const reading of readings) {
    const vehicle = (await vehiclesOf(deps.db, reading.policyId)).find((entry) => entry.car_number === reading.carNumber);
    names.set(reading.id, { policyNumber: (await policyNumberOf(deps.db, reading.policyId)) ?? '', vehicle: vehicle ? vehicleName(vehicle) : '' });
  }
  return names;
}

function page(readings: readonly ReadingRow[], names: Map<number, { policyNumber: string; vehicle: string }>): string {
  const items = readings.map((reading) => {
    const name = names.get(reading.id);
    const reasons = reading.reasons.map((reason) => `<li>${escapeHtml(reason)}</li>`).join('');
    const box = reading.box;
    // the crop that was read, beside the whole photo, when the sender placed the guide frame (issue 24)
    const pictures = reading.cropBlobKey
      ? `<div class="pictures">
    <figure><img src="/ops/odometer/photos/${reading.id}" alt="Odometer photo ${reading.id}, whole" width="480"><figcaption>The whole photo</figcaption></figure>
    <figure><img src="/ops/odometer/crops/${reading.id}" alt="Odometer photo ${reading.id}, the crop that was read" width="480"><figcaption>The crop to the sender's frame, as read${box ? ` (left ${percent(box.left)}, top ${percent(box.top)}, width ${percent(box.width)}, height ${percent(box.height)})` : ''}</figcaption></figure>
  </div>`
      : `<img src="/ops/odometer/photos/${reading.id}" alt="Odometer photo ${reading.id}" width="480">`;
    return `<article aria-labelledby="r${reading.id}">
  <h2 id="r${reading.id}">${escapeHtml(name?.policyNumber ?? '')}, vehicle ${reading.carNumber}: ${escapeHtml(name?.vehicle ?? '')}</h2>
  ${pictures}
  <dl>
    <dt>Status</dt><dd>${reading.afterSuggestionId === null ? 'Needs review' : `Needs review: typed after a suggestion (attempt ${reading.afterSuggestionId}); never verified by the readers`}</dd>
    <dt>Typed</dt><dd>${reading.typedReading}</dd>
    <dt>OCR, pass 1</dt><dd>${escapeHtml(reading.ocrFirst ?? 'nothing read')}</dd>
    <dt>OCR, pass 2</dt><dd>${escapeHtml(reading.ocrSecond ?? 'nothing read')}</dd>
    <dt>Sent</dt><dd>${reading.createdAt.toISOString()}</dd>
    <dt>Taken (EXIF)</dt><dd>${reading.capturedAt ? reading.capturedAt.toISOString() : 'not recorded'}</dd>
  </dl>
  <ul>${reasons}</ul>
  <form data-reading="${reading.id}">
    <label>Reading on the photo <input name="correctedReading" inputmode="numeric" pattern="\\d{1,7}" value="${reading.typedReading}"></label>
    <button name="decision" value="approve">Approve</button>
    <label>Note to the customer <input name="note" maxlength="500"></label>
    <button name="decision" value="reject">Reject</button>
    <p role="status"></p>
  </form>
</article>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Odometer photos to review</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border-top:1px solid #ccc;padding:1rem 0}img{max-width:100%;height:auto;display:block}.pictures{display:flex;flex-wrap:wrap;gap:1rem}.pictures figure{margin:0;flex:1 1 18rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}label{display:block;margin:.5rem 0}button{margin:.25rem .5rem .25rem 0;padding:.5rem 1rem}</style>
</head><body>
${NAV}
<h1>Odometer photos to review</h1>
<p>${readings.length === 0 ? 'Nothing to review.' : `${readings.length} photo${readings.length === 1 ? '' : 's'}, oldest first.`}</p>
${items.join('\n')}
<script src="/ops/odometer/review.js"></script>
</body></html>`;
}

/** A fraction of the photo's side as the page says it: 0.2 -> 20%. */
const percent = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`;

/** The operations pages, linked from each. */
const NAV = '<nav><a href="/ops/odometer">Odometer photos to review</a> · <a href="/ops/notices">Notices to post</a> · <a href="/ops/reconciliations">Reconciliations with the card provider</a></nav>';

/** How many days back the reconciliations page reaches. */
const RECONCILIATION_DAYS = 30;

const STATUS_NAMES: Record<Reconciliation['status'], string> = {
  matched: 'Matched',
  differences: 'Differences',
  'provider-unreachable': 'Provider unreachable',
};

function reconciliationsPage(days: readonly (Reconciliation & { mailedAt: Date | null })[]): string {
  const items = days.map((day) => {
    const findings = day.status === 'provider-unreachable'
      ? `<p>The card provider could not be reached (${escapeHtml(day.providerError ?? 'no answer')}); the job tries again hourly.</p>`
      : day.differences.length
        ? `<ul>${day.differences.map((difference) => `<li>${escapeHtml(describeDifference(difference))}</li>`).join('')}</ul>`
        : '';
    return `<article aria-labelledby="d${day.day}" data-status="${day.status}">
  <h2 id="d${day.day}">${day.day}: ${STATUS_NAMES[day.status]}</h2>
  <dl>
    <dt>Ledger</dt><dd>${escapeHtml(describeTotals(day.ledger))}</dd>
    <dt>Card provider</dt><dd>${day.provider ? escapeHtml(describeTotals(day.provider)) : 'not read'}</dd>
    <dt>Run</dt><dd>${day.ranAt.toISOString()}</dd>
    <dt>Team mailed</dt><dd>${day.mailedAt ? day.mailedAt.toISOString() : 'no'}</dd>
  </dl>
  ${findings}
</article>`;
  });
  const apart = days.filter((day) => day.status !== 'matched').length;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reconciliations with the card provider</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border-top:1px solid #ccc;padding:1rem 0}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}[data-status=differences] h2,[data-status=provider-unreachable] h2{color:#b00020}</style>
</head><body>
${NAV}
<h1>Reconciliations with the card provider</h1>
<p>${days.length === 0 ? `No reconciliation in the last ${RECONCILIATION_DAYS} days.` : `The last ${RECONCILIATION_DAYS} days, newest first: ${days.length} reconciled, ${apart} not matched.`}</p>
${items.join('\n')}
</body></html>`;
}

/** Sends a decision as JSON and shows the answer beside the form (no inline script: the CSP forbids it). */
const REVIEW_SCRIPT = `for (const form of document.querySelectorAll('form[data-reading]')) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const status = form.querySelector('[role=status]');
    const decision = event.submitter && event.submitter.value;
    const body = { decision };
    if (decision === 'approve') body.correctedReading = form.correctedReading.value.trim();
    if (decision === 'reject' && form.note.value.trim()) body.note = form.note.value.trim();
    const res = await fetch('/ops/odometer/' + form.dataset.reading, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const answer = await res.json().catch(() => ({}));
    status.textContent = res.ok ? 'Done: ' + answer.status + '.' : (answer.error_messages || ['The decision was not saved.']).join(' ');
    if (res.ok) for (const button of form.querySelectorAll('button')) button.disabled = true;
  });
}
`;

/** A notice's file name for the download header: its own name in safe characters, never a header break. */
function downloadName(notice: PostedNotice): string {
  const safe = notice.pdfFilename.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100);
  return /\.pdf$/i.test(safe) ? safe : `${safe || `notice-${notice.id}`}.pdf`;
}

function noticesPage(notices: readonly PostedNotice[], numbers: Map<number, string>): string {
  const rows = notices.map((notice) => {
    const policyNumber = numbers.get(notice.policyId) ?? '';
    return `<tr>
  <td>${escapeHtml(notice.kind)}</td>
  <td>${escapeHtml(policyNumber)}</td>
  <td>${notice.addressLines.map((line) => escapeHtml(line)).join('<br>')}</td>
  <td><time datetime="${notice.createdAt.toISOString()}">${notice.createdAt.toISOString()}</time></td>
  <td><a href="/ops/notices/${notice.id}/pdf" download>${escapeHtml(notice.pdfFilename)}</a></td>
  <td><form data-notice="${notice.id}" aria-label="Mark notice ${notice.id} posted">
    <label>Posted by <input name="postedBy" required maxlength="128" autocomplete="name"></label>
    <button>Mark posted</button>
    <p role="status"></p>
  </form></td>
</tr>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Notices to post</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%}th,td{border-top:1px solid #ccc;padding:.5rem;text-align:left;vertical-align:top}label{display:block}button{margin:.25rem 0;padding:.5rem 1rem}</style>
</head><body>
${NAV}
<h1>Notices to post</h1>
<p>Bills and notices of policies whose owner did not agree to receive them by e-mail. Print each PDF as it is, post it to the address beside it, then mark it posted.</p>
<p>${notices.length === 0 ? 'Nothing to post.' : `${notices.length} notice${notices.length === 1 ? '' : 's'}, oldest first.`}</p>
${notices.length === 0 ? '' : `<table>
<thead><tr><th scope="col">Kind</th><th scope="col">Policy</th><th scope="col">Mailing address</th><th scope="col">Created</th><th scope="col">PDF</th><th scope="col">Posted</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`}
<script src="/ops/notices/notices.js"></script>
</body></html>`;
}

/** Marks a notice posted as JSON and shows the answer beside the form (no inline script: the CSP forbids it). */
const NOTICES_SCRIPT = `for (const form of document.querySelectorAll('form[data-notice]')) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const status = form.querySelector('[role=status]');
    const body = { postedBy: form.postedBy.value.trim() };
    const res = await fetch('/ops/notices/' + form.dataset.notice + '/posted', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const answer = await res.json().catch(() => ({}));
    status.textContent = res.ok ? 'Posted.' : (answer.error_messages || ['It was not marked posted.']).join(' ');
    if (res.ok) for (const control of form.querySelectorAll('button, input')) control.disabled = true;
  });
}
`;
