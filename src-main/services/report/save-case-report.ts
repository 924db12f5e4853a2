// report:save: builds the case report for the view the renderer describes, checks it for every
// saved secret, asks where to save it, and writes it atomically (HTML as is, or printed to PDF by
// the desktop host). Loaded with import() on first use, so main's start-up never parses it.
import type { CaseReportRequest, CaseReportSaved } from '../../../src-shared/contract/case-report.ts';
import { canonicalTime, fileStamp } from '../../../src-shared/time/time-text.ts';
import { writeFileAtomic } from '../../files/atomic-write.ts';
import { ServiceError } from '../errors.ts';
import { nodeChoices } from '../ledger/node-choices.ts';
import { labelsOf } from '../local-ledger/export/csv.ts';
import type { ServiceContext } from '../service-context.ts';
import { withTimeout } from '../with-timeout.ts';
import { parseReportRequest } from './parse-report-request.ts';
import { looksLikePdf, PDF_TIMEOUT_MS } from './pdf-policy.ts';
import type { DefaultNode } from './report-filters.ts';
import { caseReportHtml } from './report-html.ts';
import { everyAddress, everySecret, refuseAddresses, refuseSecrets } from './report-secrets.ts';

export async function saveCaseReport(ctx: ServiceContext, raw: CaseReportRequest): Promise<CaseReportSaved | null> {
  const request = parseReportRequest(raw);
  const profile = ctx.profile(request.profileId);
  const print = ctx.host.printToPdf;
  if (request.format === 'pdf' && !print) {
    throw new ServiceError('unsupported', 'PDF needs the desktop app (it prints the report with Electron): save HTML.');
  }
  const html = caseReportHtml({
    profileId: profile.id,
    profileName: profile.name,
    defaultNode: await defaultNode(ctx, profile.id),
    filters: request.filters,
    view: request.view,
    legs: request.legs,
    legsShown: request.legsShown,
    queryTime: request.queryTime,
    comparison: request.comparison,
    labels: labelsOf(ctx.settings.settings.savedParties),
    // Spelled as the query time is (canonical UTC text, docs/times.md): one way to write a time.
    generatedAt: canonicalTime(new Date().toISOString()),
    appVersion: ctx.version,
  });
  refuseSecrets(html, await everySecret(ctx));
  refuseAddresses(html, everyAddress(ctx));
  const path = await ctx.host.chooseSavePath(
    reportFileName(request.filters.party, request.format),
    request.format === 'pdf' ? [{ name: 'PDF', extensions: ['pdf'] }] : [{ name: 'HTML', extensions: ['html'] }],
  );
  if (!path) return null;
  if (request.format === 'html' || !print) {
    await writeFileAtomic(path, html);
    await ctx.downloads?.add(path).catch(() => {});
    return { path, format: 'html', bytes: Buffer.byteLength(html), legs: request.legs.length };
  }
  const pdf = await withTimeout(
    print(html),
    PDF_TIMEOUT_MS,
    () => new ServiceError('timeout', 'Printing the report to PDF took over 2 minutes; save HTML instead.'),
  );
  if (!looksLikePdf(pdf)) throw new ServiceError('internal', 'Printing the report gave no PDF; save HTML instead.');
  await writeFileAtomic(path, pdf);
  await ctx.downloads?.add(path).catch(() => {});
  return { path, format: 'pdf', bytes: pdf.byteLength, legs: request.legs.length };
}

/** Where a query without a node went, as the node selector knows it (no network call for a remote profile). */
async function defaultNode(ctx: ServiceContext, profileId: string): Promise<DefaultNode> {
  const choices = await nodeChoices(ctx, profileId).catch(() => null);
  if (choices?.defaultNodeId) return { id: choices.defaultNodeId, whose: 'profile' };
  const deployment = choices?.known.find((n) => n.note === 'deployment default');
  return deployment ? { id: deployment.id, whose: 'deployment' } : null;
}

/** `case-<party hint>-<yyyymmdd-hhmmss>.<html|pdf>`: the party's readable part, file-name safe. */
export function reportFileName(party: string, format: 'html' | 'pdf'): string {
  const stamp = fileStamp();
  return `case-${party
    .split('::')[0]
    .replace(/[^A-Za-z0-9_-]/g, '_')
    .slice(0, 60)}-${stamp}.${format}`;
}
