// The built-in sandbox profile's network, as main sees it: started on first use, by loading the
// sandbox package (src-sandbox/index.ts) with a dynamic import. The build turns that import into a
// chunk of its own, so a session that never uses the sandbox profile never loads the sandbox code,
// its generated ledger or its EVM nodes.
import type { SandboxNetwork, SandboxOptions } from '../../src-sandbox/index.ts';
import { ServiceError } from './errors.ts';

export type { SandboxNetwork, SandboxOptions };

export class LocalSandbox {
  private starting: Promise<SandboxNetwork | null> | null = null;
  /** The running network, once started. */
  network: SandboxNetwork | null = null;
  /** Why it could not start (shown in a banner), or null. */
  error: string | null = null;

  private readonly options: SandboxOptions | null;
  private readonly log: (line: string) => void;

  /** `options` null: this app runs without a sandbox (`--no-sandbox`, main-alone benchmarks). */
  constructor(options: SandboxOptions | null, log: (line: string) => void) {
    this.options = options;
    this.log = log;
  }

  /** Starts the network once; every caller gets the same outcome (null when disabled or failed). */
  start(): Promise<SandboxNetwork | null> {
    if (!this.options) return Promise.resolve(null);
    const options = this.options;
    this.starting ??= import('../../src-sandbox/index.ts')
      .then(({ startSandboxNetwork }) => startSandboxNetwork({ log: this.log, ...options }))
      .then(
        (network) => {
          this.network = network;
          return network;
        },
        (error: Error) => {
          this.error = `The local sandbox network could not start: ${error.message}`;
          this.log(this.error);
          return null;
        },
      );
    return this.starting;
  }

  /** The running network, started if need be; a typed error when there is none. */
  async require(): Promise<SandboxNetwork> {
    const network = await this.start();
    if (!network)
      throw new ServiceError('network', 'The local sandbox network is not running; see the banner for why.');
    return network;
  }

  /** Stops the network (after a start still under way has finished). */
  async close(): Promise<void> {
    const network = await this.starting;
    await network?.close();
  }
}
