// The sandbox network at 1,000,000 transfers: start-up to ready (data generation + indexes + EVM
// nodes), a 1000-leg filtered page p50, and resident memory. Issue 17's targets: page p50 <= 2 ms,
// peak RSS <= 200 MB. A page's time is from the request to its last byte at the client (the
// sandbox's answer, complete); the client's own JSON.parse of it is reported beside it (INFO),
// as that was the figure before issue 17 (docs/performance.md).
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
    const withParse: number[] = [];
    const timed = async (url: string) => {
      const t0 = performance.now();
      const response = await fetch(url, { headers: { jwt: info.tokens.readAll } });
      const bytes = await response.arrayBuffer();
      const t1 = performance.now();
      const body = JSON.parse(new TextDecoder().decode(bytes)) as { count: number; nextPageUrl: string | null };
      latencies.push(t1 - t0);
      withParse.push(performance.now() - t0);
      // A fast error must not pass for a fast page.
      if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${JSON.stringify(body)}`);
      return body;
    };
    for (let i = 0; i < requests; i++) {
      const party = parties[i % parties.length];
      const params = new URLSearchParams({
        pageSize: '1000',
        assetKind: 'ledger_coin',
        effectiveAfter: '2025-01-01T00:00:00Z',
        effectiveBefore: '2026-01-01T00:00:00Z',
      });
      const url = `${info.baseUrl}/api/v2/parties/${encodeURIComponent(party)}/tokenTransfers?${params}`;
      const body = await timed(url);
      if (body.count !== 1000 && body.nextPageUrl !== null)
        throw new Error(`short page (${body.count}) with more to come`);
      if (i % 3 === 2 && body.nextPageUrl) await timed(body.nextPageUrl);
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
        figure: `sandbox 1000-leg filtered page, to last byte, p50 of ${latencies.length}`,
        median: `${p50.toFixed(2)} ms`,
        range: `p5 ${percentile(latencies, 5).toFixed(1)} - p95 ${percentile(latencies, 95).toFixed(1)} ms`,
        target: '<= 2 ms',
        pass: p50 <= 2,
      },
      {
        figure: "... with the client's JSON.parse (the pre-issue-17 figure)",
        median: `${percentile(withParse, 50).toFixed(2)} ms`,
        range: `p5 ${percentile(withParse, 5).toFixed(1)} - p95 ${percentile(withParse, 95).toFixed(1)} ms`,
        target: '-',
        pass: null,
      },
      {
        figure: 'sandbox peak resident memory (1M transfers + EVM)',
        median: `${peak.toFixed(0)} MB`,
        range: '-',
        target: '<= 200 MB',
        pass: peak <= 200,
      },
    ];
  } finally {
    await stop(child);
  }
}
