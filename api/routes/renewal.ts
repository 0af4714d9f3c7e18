/**
 * The rollover page's call (issue 9; doc 1 sections 2, 7 and 8):
 *
 * POST /api/policy/rollover { token } -> 200 { data: { esignature_url, documents_url, quote_url, signed } }
 *                                       | 404 MESSAGES.rolloverNotFound
 *
 * The token is the renewal e-mail's (/rollover#<token>, purpose 'rollover', read until the term it renews
 * ends). The answer carries a fresh documents link of the policy: its documents page, its sign page (which
 * shows the renewal application once a renewal is offered: api/documents/esign.ts) and the next term's
 * declarations PDF (the page's 'View Quote'). Every miss (unknown, expired, another purpose) is one 404.
 */
import { Hono } from 'hono';
import { MESSAGES } from '../../contract/index.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import type { Deps } from '../deps.ts';
import { PAGES, pageUrl } from '../../contract/pages.ts';
import { documentFileUrl } from '../documents/links.ts';
import { on } from '../http/endpoint.ts';
import { ApiError } from '../http/errors.ts';
import { NO_STORE } from '../http/security-headers.ts';
import { renewalById } from '../renewals/store.ts';
import { issueToken, readToken } from '../tokens/tokens.ts';

export function renewalRoutes(deps: Deps): Hono {
  const app = new Hono();

  on(app, endpoints.rollover, async (_c, { token }) => {
    const now = deps.clock();
    const found = await readToken(deps.db, 'rollover', token, now);
    const renewal = found?.subjectId != null ? await renewalById(deps.db, found.subjectId) : null;
    if (!renewal) throw new ApiError(404, MESSAGES.rolloverNotFound, { headers: NO_STORE });
    const origin = deps.config.publicOrigin;
    const documentsToken = await issueToken(deps.db, 'documents', now, { subjectId: renewal.policyId });
    const data = {
      esignature_url: pageUrl(origin, PAGES.sign, { token: documentsToken }),
      documents_url: pageUrl(origin, PAGES.documents, { token: documentsToken }),
      quote_url: documentFileUrl(origin, documentsToken, renewal.declarationDocumentId),
      signed: renewal.status === 'signed' || renewal.status === 'in_force',
    };
    return { body: { data }, headers: NO_STORE };
  });

  return app;
}
