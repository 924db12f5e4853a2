import type { Handlers } from '../dispatch.ts';
import type { ServiceContext } from '../service-context.ts';

// The report's code (HTML builder, chart, PDF policy) loads on the first save, not at start-up.
export function reportHandlers(ctx: ServiceContext): Handlers['report'] {
  return {
    save: async (request) => (await import('../report/save-case-report.ts')).saveCaseReport(ctx, request),
    dashboard: async (request) =>
      (await import('../report/save-dashboard-report.ts')).saveDashboardReport(ctx, request),
  };
}
