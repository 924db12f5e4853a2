// Node access that misbehaves, and a 10 MB answer: a profile whose rpc_url is a small local server
// started by this spec (the app's main process calls it exactly as it would call a real deployment).
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../support/web-app.ts';
import { answerPane, openConsole, send, setChain, useRemoteProfile, writeCall } from './rpc-support.ts';

let server: Server;
let rpcUrl: string;
const BIG_ITEMS = 40_000;
const NEEDLE = `0x${'feedface'.repeat(8)}`;
let bigResult: string;

/** What each chain name of the local server does. */
function answer(chain: string, res: ServerResponse, body: string): void {
  const id = (() => {
    try {
      return (JSON.parse(body) as { id?: unknown }).id ?? null;
    } catch {
      return null;
    }
  })();
  switch (chain) {
    case 'html':
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end(
        '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>',
      );
      return;
    case 'reset':
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
      res.write('{"jsonrpc":"2.0","id":1,"res', () => res.socket?.destroy());
      return;
    case 'slow':
      return; // never answers; the socket closes when the app gives up
    case 'text':
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('upstream says hello');
      return;
    case 'big':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${bigResult}}`);
      return;
    default:
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result: '0x1' }));
  }
}

test.beforeAll(async () => {
  // 40,000 log-like objects: a little over 10 MB of JSON; one of them, deep inside, carries the needle.
  const logs = Array.from({ length: BIG_ITEMS }, (_, i) => ({
    address: `0x${i.toString(16).padStart(40, '0')}`,
    blockNumber: `0x${(1000 + i).toString(16)}`,
    data: `0x${'00'.repeat(32)}`,
    logIndex: `0x${(i % 16).toString(16)}`,
    topics: [`0x${'ddf252ad'.repeat(8)}`],
    transactionHash: i === BIG_ITEMS - 1 ? NEEDLE : `0x${i.toString(16).padStart(64, '0')}`,
  }));
  bigResult = JSON.stringify(logs);
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const last = (req.url ?? '').split('?')[0].split('/').pop() ?? '';
      answer(last.replace(/_(full|archive)$/, ''), res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('an HTML page, a reset, a cancel, a timeout and a non-JSON answer are each shown clearly; the console stays usable', async ({
  app,
  page,
}) => {
  await app.open(page);
  await useRemoteProfile(page, app, { name: 'Flaky node', rpcUrl }, 'local-test-key');
  await openConsole(page);
  await setChain(page, 'html');
  await writeCall(page, 'eth_chainId', []);
  const pane = answerPane(page);
  const alert = pane.getByRole('alert');
  await send(page);
  await expect(pane.getByTestId('rpc-status')).toHaveText('HTTP 502');
  await expect(alert).toHaveText(
    'The node access service failed. [service_error] RPC html_full: HTTP 502 — the server answered an HTML page, not JSON: 502 Bad Gateway',
  );

  await setChain(page, 'reset');
  await send(page);
  await expect(pane.getByTestId('rpc-status')).toHaveText('no HTTP answer');
  await expect(alert).toContainText(
    `The connection failed. [network] RPC reset_full: the answer from ${rpcUrl}/reset_full was cut off: the connection closed after 28 of 4096 bytes`,
  );

  // A node that never answers: the user can give up...
  await setChain(page, 'slow');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(pane.getByText('Waiting for slow_full…')).toBeVisible();
  await pane.getByRole('button', { name: 'Cancel' }).click();
  await expect(alert).toHaveText('Cancelled. [cancelled] RPC slow_full: request cancelled');
  // ...or let the timeout they chose run out.
  await page.getByLabel('Timeout (s)').fill('1');
  await send(page);
  await expect(alert).toHaveText(
    `No answer in time. [timeout] RPC slow_full: no answer from ${rpcUrl}/slow_full within 1 s`,
  );
  await expect(pane.getByTestId('rpc-elapsed')).toHaveText(/^1\d{3}\.\d ms$/);

  await setChain(page, 'text');
  await send(page);
  await expect(alert).toHaveText(
    "The node's answer could not be read. [bad_response] RPC text_full: HTTP 200 — the answer is not JSON (upstream says hello)",
  );

  // Still usable: the next call answers.
  await setChain(page, 'fine');
  await send(page);
  await expect(pane.getByTestId('rpc-status')).toHaveText('HTTP 200');
  await expect(alert).toHaveCount(0);
  await expect(page.getByTestId('rpc-history-count')).toHaveText('6 calls');
});

// How long the window's longest task lasts while the answer arrives is a figure of npm run bench -- rpc.
test('a 10 MB answer renders lazily: a handful of rows, searchable to its last item', async ({ app, page }) => {
  await app.open(page);
  await useRemoteProfile(page, app, { name: 'Big node', rpcUrl }, 'local-test-key');
  await openConsole(page);
  await setChain(page, 'big');
  await writeCall(page, 'eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }]);
  await send(page);

  const pane = answerPane(page);
  await expect(pane.getByTestId('rpc-size')).toHaveText(/^1\d\.\d MB$/);
  await expect(pane.locator('.json-row[data-path="/result"]')).toContainText(
    `"result": [${BIG_ITEMS.toLocaleString('en-US').replace(',', '')} items]`,
  );
  // Collapsed: 4 rows for a 10 MB answer.
  await expect(pane.getByTestId('json-tree-row-count')).toHaveText('4 rows shown');

  await pane.getByRole('button', { name: 'Expand result' }).click();
  await expect(pane.getByTestId('json-tree-row-count')).toHaveText('505 rows shown');
  // Only the rows in view are in the DOM; the last one offers the next chunk.
  expect(await pane.locator('.json-row').count()).toBeLessThan(60);
  await pane.locator('.json-tree-scroll').evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(pane.getByRole('button', { name: 'Show 500 more (39,500 not shown)' })).toBeVisible();
  expect(await pane.locator('.json-row').count()).toBeLessThan(60);

  await pane.getByLabel('Search the answer').fill('feedface');
  await pane.getByRole('button', { name: 'Find' }).click();
  await expect(pane.getByTestId('json-search-status')).toHaveText('1 of 1 matches');
  const needle = pane.locator(`.json-row[data-path="/result/${BIG_ITEMS - 1}/transactionHash"]`);
  await expect(needle).toBeVisible();
  await expect(needle).toContainText(NEEDLE);
  expect(await pane.locator('.json-row').count()).toBeLessThan(60);
});
