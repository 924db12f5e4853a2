// The local sandbox network's one entry. Production main loads this module only by dynamic
// import, when a sandbox profile is used, so the whole sandbox (generated ledger, EVM nodes, fault
// injection, hostile test data) is a chunk of its own that a remote-only session never loads.
// Main sees only what a client of the network needs: addresses, built-in credentials, validator
// nodes, a description and stop(). The parts behind it (ledger store, EVM nodes, armed faults) are
// for the sandbox's own tests and the CLI (`npm run sandbox`), through `sandbox-network.ts`.
import { type SandboxNetwork, type SandboxOptions, startSandboxNetwork as start } from './sandbox-network.ts';

export type { ValidatorNode } from './ledger/validator-nodes.ts';
export type {
  SandboxCredentials,
  SandboxDescription,
  SandboxNetwork,
  SandboxOptions,
  SandboxUrls,
} from './sandbox-network.ts';

/** Starts the network on loopback; resolves once every address answers. */
export async function startSandboxNetwork(options: SandboxOptions = {}): Promise<SandboxNetwork> {
  const { urls, credentials, validatorNodes, parties, describe, close } = await start(options);
  return { urls, credentials, validatorNodes, parties, describe, close };
}
