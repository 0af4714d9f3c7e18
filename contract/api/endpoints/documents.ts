/**
 * The policy's paperwork (issue 8): the documents page and its PDFs, the My Policy page's request for a
 * link, the e-signature of the application, the odometer photo and its review. (Entries of
 * contract/api/endpoints.ts.) Every call but the link request opens through a token from an e-mailed or
 * texted link; none takes a policy number.
 */
import { DocumentListQuery, DocumentListResponse, DocumentsLinkAnswer, PolicyDocsRequest } from '../documents.ts';
import {
  EsignAnswer,
  EsignRequest,
  EsignView,
  OdometerPhotoAnswer,
  OdometerView,
  TokenQuery,
} from '../onboarding.ts';
import { ODOMETER_PHOTO_MAX_BYTES } from '../../rules/photo.ts';
import { DEFAULT_JSON_LIMIT, endpoint, json, none } from './endpoint.ts';

/** A phone photo is a few MB; the image check refuses more than 10 MB, the form's fields add little. */
export const PHOTO_UPLOAD_LIMIT = ODOMETER_PHOTO_MAX_BYTES + 64 * 1024;

export const documentList = endpoint({
  method: 'GET', path: '/api/documents', request: DocumentListQuery, answer: DocumentListResponse, body: none, session: false,
});

export const documentFile = endpoint({
  method: 'GET', path: '/api/documents/files/:fileId', request: DocumentListQuery, answer: null, body: none, session: false,
});

export const documentsLink = endpoint({
  method: 'POST', path: '/api/documents/link', request: PolicyDocsRequest, answer: DocumentsLinkAnswer, body: json, session: false,
});

export const esignView = endpoint({
  method: 'GET', path: '/api/esign', request: TokenQuery, answer: EsignView, body: none, session: false,
});

export const esign = endpoint({
  method: 'POST', path: '/api/esign', request: EsignRequest, answer: EsignAnswer, body: json, session: false,
});

export const odometerView = endpoint({
  method: 'GET', path: '/api/odometer', request: TokenQuery, answer: OdometerView, body: none, session: false,
});

export const odometerPhoto = endpoint({
  method: 'POST', path: '/api/odometer/photo', request: null, answer: OdometerPhotoAnswer,
  body: {
    kind: 'multipart', limitBytes: PHOTO_UPLOAD_LIMIT,
    // the token, the vehicle's number, the typed reading, the guide frame's box, the suggestion it follows, and the photo
    parts: { files: 1, fileBytes: ODOMETER_PHOTO_MAX_BYTES, fields: 6, fieldBytes: DEFAULT_JSON_LIMIT },
  },
  session: false,
});
