// How the cost grows with the ledger: the same 1000-leg page (direct fetch, and through main) at
// 10k, 100k and 1M transfers. A page must not get slower as the ledger grows. Export growth is in
// the export section (legs/s at 10k, 100k and all legs of one run).
import { type Figure, median, startMainAlone, startReady, stop } from './bench-kit.ts';

const SIZES = [10_000, 100_000, 1_000_000];
const ROUNDS = 30;

export async function growthBench(): Promise<Figure[]> {
  const rows: Array<{ size: number; direct: number; main: number }> = [];
  for (const size of SIZES) {
    const { child, info } = await startReady('src-main/services/sandbox/sandbox-cli.ts', [
      '--port',
      '0',
      '--seed',
      '42',
      '--transfers',
      String(size),
    ]);
    const main = await startMainAlone(info);
    try {
      // Every asset over all time, newest first: a full 1000-leg page at every size.
      const party: string = info.parties[0];
      const filters = {
        party,
        asset: { kind: 'all' },
        effectiveAfter: null,
        effectiveBefore: null,
        orderDesc: true,
        pageSize: 1000,
        nodeId: null,
      };
      const url = `${info.baseUrl}/api/v2/parties/${encodeURIComponent(party)}/tokenTransfers?pageSize=1000&orderDesc=true`;
      const direct = async () => {
        const t0 = performance.now();
        const body = (await (await fetch(url, { headers: { jwt: info.tokens.readAll } })).json()) as {
          transfers: unknown[];
        };
        if (body.transfers.length !== 1000) throw new Error(`short page at ${size}`);
        return performance.now() - t0;
      };
      const d: number[] = [];
      const m: number[] = [];
      for (let i = 0; i < 5; i++) {
        await direct();
        await main.page(filters, 1000);
      }
      for (let i = 0; i < ROUNDS; i++) {
        d.push(await direct());
        m.push(await main.page(filters, 1000));
      }
      rows.push({ size, direct: median(d), main: median(m) });
    } finally {
      await main.close();
      await stop(child);
    }
  }
  const base = rows[0];
  const label = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);
  return rows.map((r) => {
    const growth = r.main / base.main;
    return {
      figure: `1000-leg page at ${label(r.size)} transfers (direct / through main)`,
      median: `${r.direct.toFixed(1)} / ${r.main.toFixed(1)} ms`,
      range: r === base ? 'the baseline' : `${growth.toFixed(2)}x the ${label(base.size)} time`,
      target: r === base ? '-' : '<= 1.5x 10k',
      pass: r === base ? null : growth <= 1.5,
    };
  });
}
