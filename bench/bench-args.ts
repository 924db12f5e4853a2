// How a bench hands a separately running sandbox to a worker process: its addresses and party on
// the command line, its ledger JWT in the environment (a command line is what `ps` shows). Kept
// apart from bench-kit.ts, which loads main's services: the export workers measure their own memory.

export interface BenchSandbox {
  baseUrl: string;
  translateUrl: string;
  partnerUrl: string;
  rpcUrl: string;
  tokens: { readAll: string };
}

/** The environment variable a bench worker reads the sandbox's ledger JWT from (never its command line, which `ps` shows). */
const JWT_ENV = 'BENCH_LEDGER_JWT';

/** parseArgs options of a worker started with `sandboxArgs`. */
export const SANDBOX_ARG_OPTIONS = {
  base: { type: 'string' },
  translate: { type: 'string' },
  partner: { type: 'string' },
  rpc: { type: 'string' },
  party: { type: 'string' },
} as const;

/** A worker's arguments and environment for `sandbox` and one of its parties (read back with `sandboxFromArgs`). */
export function sandboxArgs(sandbox: BenchSandbox, party: string): { args: string[]; env: NodeJS.ProcessEnv } {
  return {
    args: [
      ...['--base', sandbox.baseUrl, '--translate', sandbox.translateUrl, '--partner', sandbox.partnerUrl],
      ...['--rpc', sandbox.rpcUrl, '--party', party],
    ],
    env: { ...process.env, [JWT_ENV]: sandbox.tokens.readAll },
  };
}

/** The sandbox and party a worker was started with (`sandboxArgs`). */
export function sandboxFromArgs(values: Partial<Record<keyof typeof SANDBOX_ARG_OPTIONS, string>>): {
  sandbox: BenchSandbox;
  party: string;
} {
  const jwt = process.env[JWT_ENV];
  if (!jwt || !values.base || !values.party) throw new Error(`a bench worker needs --base, --party and ${JWT_ENV}`);
  return {
    sandbox: {
      baseUrl: values.base,
      translateUrl: values.translate ?? '',
      partnerUrl: values.partner ?? '',
      rpcUrl: values.rpc ?? '',
      tokens: { readAll: jwt },
    },
    party: values.party,
  };
}
