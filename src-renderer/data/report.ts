// Case reports: main builds and writes the file (after asking where); the renderer sends the view
// on screen. No query key: a save is an action, not data the app keeps.
import { useMutation } from '@tanstack/react-query';
import type { CaseReportRequest } from '../../src-shared/contract/case-report.ts';
import { bridge } from './bridge.ts';

export function useSaveCaseReport() {
  return useMutation({ mutationFn: (request: CaseReportRequest) => bridge().report.save(request) });
}
