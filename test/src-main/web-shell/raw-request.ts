// A request to the web shell sent exactly as written (path, Host and Origin included): fetch would
// normalise or refuse the hostile ones its tests send. The body comes back as bytes.
import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface RawRequest {
  port: number;
  /** The Host header as sent (a test may send a hostile one). */
  host: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export function rawRequest(options: RawRequest): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: options.port,
        path: options.path,
        method: options.method ?? 'GET',
        headers: { host: options.host, ...options.headers },
        setHost: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
