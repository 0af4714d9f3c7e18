/**
 * How long each document takes to build (issue 8, Speed: "PDF generation per document, aim under 50 ms"),
 * for `npm run bench` and the builders' own test. Each kind is built once first, so the figure is the
 * steady cost of a server that has loaded pdf-lib, not the first request's module loading.
 */
import { applicationPdf } from './application.ts';
import { declarationsPdf } from './declarations.ts';
import { idCardPdf } from './id-card.ts';
import type { ApplicationModel } from './model.ts';
import { sha256Hex } from '../../hash.ts';
import { signedApplicationPdf } from './signed-application.ts';
import { sampleApplication, sampleSignature } from './testing.ts';

export type DocumentKind = 'idCard' | 'declarations' | 'application' | 'signedApplication';

async function msPerRun(count: number, build: () => Promise<unknown>): Promise<number> {
  await build();
  const start = performance.now();
  for (let run = 0; run < count; run += 1) await build();
  return (performance.now() - start) / count;
}

/** Mean milliseconds per document of each kind over `count` builds of `model` (default: the two-vehicle sample). */
export async function benchDocuments(
  count: number,
  model: ApplicationModel = sampleApplication(),
): Promise<Record<DocumentKind, number>> {
  const application = await applicationPdf(model);
  const signature = sampleSignature(sha256Hex(application));
  return {
    idCard: await msPerRun(count, () => idCardPdf(model)),
    declarations: await msPerRun(count, () => declarationsPdf(model)),
    application: await msPerRun(count, () => applicationPdf(model)),
    signedApplication: await msPerRun(count, () => signedApplicationPdf(application, signature)),
  };
}
