// The sandbox network at 1,000,000 transfers: start-up to ready (data generation + indexes + EVM
// nodes), a 1000-leg filtered page p50, and resident memory.
import { type Figure, peakRssMb, percentile, startReady, stop } from './bench-kit.ts';

export async function sandboxBench(options: { transfers?: number; requests?: number } = {}): Promise<Figure[]> {
  const transfers = options.transfers ?? 1_000_000;
  const requests = options.requests ?? 300;
  const started = performance.now();
  const { child, info } = await startReady('src-sandbox/cli.ts', [
    '--port',
    '0',
    '--seed',
    '42',
    '--transfers',
    String(transfers),
  ]);
  const startupMs = performance.now() - started;
  try {
    // Filtered pages: the ledger coin over a year, for the parties in turn, page one and deeper pages.
    const parties: string[] = info.parties;
    const latencies: number[] = [];
    for (let i = 0; i < requests; i++) {
      const party = parties[i % parties.length];
      const params = new URLSearchParams({
        pageSize: '1000',
        assetKind: 'ledger_coin',
        effectiveAfter: '2025-01-01T00:00:00Z',
        effectiveBefore: '2026-01-01T00:00:00Z',
      });
      const url = `${info.baseUrl}/api/v2/parties/${encodeURIComponent(party)}/tokenTransfers?${params}`;
      const t0 = performance.now();
      const response = await fetch(url, { headers: { jwt: info.tokens.readAll } });
      const body = (await response.json()) as { count: number; nextPageUrl: string | null };
      latencies.push(performance.now() - t0);
      // A fast error must not pass for a fast page.
      if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${JSON.stringify(body)}`);
      if (body.count !== 1000 && body.nextPageUrl !== null)
        throw new Error(`short page (${body.count}) with more to come`);
      if (i % 3 === 2 && body.nextPageUrl) {
        const t1 = performance.now();
        const deeper = await fetch(body.nextPageUrl, { headers: { jwt: info.tokens.readAll } });
        await deeper.json();
        if (deeper.status !== 200) throw new Error(`HTTP ${deeper.status} on a deeper page`);
        latencies.push(performance.now() - t1);
      }
    }
    const peak = peakRssMb(child.pid as number);
    const p50 = percentile(latencies, 50);
    return [
      {
        figure: `sandbox start-up to ready, ${(transfers / 1e6).toFixed(1)}M transfers + EVM`,
        median: `${(startupMs / 1000).toFixed(2)} s`,
        range: 'one start',
        target: '<= 5 s',
        pass: startupMs <= 5000,
      },
      {
        figure: `sandbox 1000-leg filtered page, p50 of ${latencies.length}`,
        median: `${p50.toFixed(2)} ms`,
        range: `p5 ${percentile(latencies, 5).toFixed(1)} - p95 ${percentile(latencies, 95).toFixed(1)} ms`,
        target: '<= 10 ms',
        pass: p50 <= 10,
      },
      {
        figure: 'sandbox peak resident memory',
        median: `${peak.toFixed(0)} MB`,
        range: '-',
        target: '<= 1024 MB',
        pass: peak <= 1024,
      },
    ];
  } finally {
    await stop(child);
  }
}
