// report:dashboard: writes a dashboard as a case report (HTML), checked for every saved secret and
// service address as the transfers' report is, asked where to save, written atomically. Loaded on
// first use, like the case report.
import { DashboardReportRequest, type DashboardReportSaved } from '../../../src-shared/contract/dashboard-report.ts';
import { canonicalTime, fileStamp } from '../../../src-shared/time/time-text.ts';
import { writeFileAtomic } from '../../files/atomic-write.ts';
import { checkSvg } from '../local-ledger/export/chart-file.ts';
import type { ServiceContext } from '../service-context.ts';
import { dashboardReportHtml } from './dashboard-report.ts';
import { parseRequestWith } from './parse-report-request.ts';
import { everyAddress, everySecret, refuseAddresses, refuseSecrets } from './report-secrets.ts';

export async function saveDashboardReport(ctx: ServiceContext, raw: unknown): Promise<DashboardReportSaved | null> {
  const request = parseRequestWith(DashboardReportRequest, raw);
  const profile = ctx.profile(request.profileId);
  const html = dashboardReportHtml({
    request,
    profileName: profile.name,
    generatedAt: canonicalTime(new Date().toISOString()),
    appVersion: ctx.version,
    // The renderer drew it; main accepts only a plain drawing (local-ledger/export/chart-file.ts's allowlist).
    chartSvg: (panel) => (panel.svg ? checkSvg(panel.svg) : ''),
  });
  refuseSecrets(html, await everySecret(ctx));
  refuseAddresses(html, everyAddress(ctx));
  const path = await ctx.host.chooseSavePath(dashboardFileName(request.title), [
    { name: 'HTML', extensions: ['html'] },
  ]);
  if (!path) return null;
  await writeFileAtomic(path, html);
  await ctx.downloads?.add(path).catch(() => {});
  return { path, bytes: Buffer.byteLength(html), panels: request.panels.length };
}

/** `dashboard-<title>-<yyyymmdd-hhmmss>.html`, file-name safe. */
export function dashboardFileName(title: string): string {
  const stamp = fileStamp();
  const name =
    title
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 60) || 'dashboard';
  return `dashboard-${name}-${stamp}.html`;
}
