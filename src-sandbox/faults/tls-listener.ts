// With --faults the sandbox also serves every interface over HTTPS, with a self-signed test
// certificate (tls/README.md): the "TLS host no authority vouches for" fault. Clients must refuse
// it with a clear message; nothing here or in the app ever makes a client accept it.
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { join } from 'node:path';

/** Read only when faults are on (the desktop app's bundle never reaches this). */
function testOnlyCertificate(): { cert: Buffer; key: Buffer } {
  const dir = join(import.meta.dirname, 'tls');
  return {
    cert: readFileSync(join(dir, 'test-only-self-signed.crt')),
    key: readFileSync(join(dir, 'test-only-self-signed.key')),
  };
}

export function createTestTlsServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Server {
  const server = createServer(testOnlyCertificate(), handler);
  // A client refusing the certificate ends the handshake: expected, not the sandbox's error.
  server.on('tlsClientError', () => {});
  return server;
}
