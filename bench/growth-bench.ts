// How the cost grows with the ledger: the same kind of 1000-leg page (direct fetch, and through
// main) at 10k, 100k and 1M transfers. The three sandboxes run side by side and are asked in turn
// (A B C A B C), so each growth figure is a ratio paired within a round. A page must not get slower
// as the ledger grows. Export growth is in the export section.
import { type Figure, median, startMainAlone, startReady, stop } from './bench-kit.ts';

const SIZES = [10_000, 100_000, 1_000_000];
const ROUNDS = 30;

export async function growthBench(): Promise<Figure[]> {
  const ledgers: Array<{
    size: number;
    child: Awaited<ReturnType<typeof startReady>>['child'];
    info: Awaited<ReturnType<typeof startReady>>['info'];
    main: Awaited<ReturnType<typeof startMainAlone>>;
    direct: number[];
    app: number[];
  }> = [];
  try {
    for (const size of SIZES) {
      const { child, info } = await startReady('src-sandbox/cli.ts', [
        '--port',
        '0',
        '--seed',
        '42',
        '--transfers',
        String(size),
      ]);
      ledgers.push({
        size,
        child,
        info,
        main: await startMainAlone(info),
        direct: [] as number[],
        app: [] as number[],
      });
    }
    // Every asset over all time, newest first: a full 1000-leg page at every size.
    const filtersFor = (party: string) => ({
      party,
      asset: { kind: 'all' },
      effectiveAfter: null,
      effectiveBefore: null,
      orderDesc: true,
      pageSize: 1000,
      nodeId: null,
    });
    const direct = async (info: (typeof ledgers)[number]['info']) => {
      const party: string = info.parties[0];
      const url = `${info.baseUrl}/api/v2/parties/${encodeURIComponent(party)}/tokenTransfers?pageSize=1000&orderDesc=true`;
      const t0 = performance.now();
      const body = (await (await fetch(url, { headers: { jwt: info.tokens.readAll } })).json()) as {
        transfers: unknown[];
      };
      if (body.transfers.length !== 1000) throw new Error('short page');
      return performance.now() - t0;
    };
    for (let round = -5; round < ROUNDS; round++) {
      for (const ledger of ledgers) {
        const d = await direct(ledger.info);
        const a = await ledger.main.page(filtersFor(ledger.info.parties[0]), 1000);
        if (round >= 0) {
          ledger.direct.push(d);
          ledger.app.push(a);
        }
      }
    }
    const base = ledgers[0];
    const label = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);
    return ledgers.map((l) => {
      const growth = median(l.app.map((a, i) => a / base.app[i]));
      const isBase = l === base;
      return {
        figure: `1000-leg page at ${label(l.size)} transfers (direct / through main)`,
        median: `${median(l.direct).toFixed(1)} / ${median(l.app).toFixed(1)} ms`,
        range: isBase ? 'the baseline' : `${growth.toFixed(2)}x the ${label(base.size)} time (paired)`,
        target: isBase ? '-' : '<= 1.5x 10k',
        pass: isBase ? null : growth <= 1.5,
      };
    });
  } finally {
    for (const ledger of ledgers) {
      await ledger.main.close();
      await stop(ledger.child);
    }
  }
}
