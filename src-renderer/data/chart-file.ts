// A chart's PNG or SVG, saved by main (local:saveChart): main asks where, checks the file and writes
// it; null means the save dialog was cancelled.
import { useMutation } from '@tanstack/react-query';
import type { ChartFileSaved, SaveChartRequest } from '../../src-shared/contract/chart-file.ts';
import { bridge } from './bridge.ts';

export function useSaveChart() {
  return useMutation<ChartFileSaved | null, unknown, SaveChartRequest>({
    mutationFn: (request) => bridge().local.saveChart(request),
  });
}
