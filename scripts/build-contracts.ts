// Compiles the sandbox's Solidity contracts (src-sandbox/node-access/contracts/*.sol) with solc-js into the
// committed artifacts.json the sandbox deploys from: `npm run contracts:build`. A Node test
// (test/src-sandbox/contracts-artifacts.test.ts) recompiles and fails when the committed file differs, so the
// sources and the deployed bytecode cannot drift apart. solc is a dev dependency: only this script loads it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONTRACTS_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'src-sandbox',
  'node-access',
  'contracts',
);
export const ARTIFACTS_PATH = join(CONTRACTS_DIR, 'artifacts.json');

/**
 * EDR runs the Osaka hardfork; solc 0.8.37 targets it by name. Fixed here (not solc's default) so a newer
 * compiler's default cannot change the bytecode under the same sources.
 */
const EVM_VERSION = 'osaka';

interface SolcOutput {
  errors?: Array<{ severity: string; formattedMessage: string }>;
  contracts: Record<
    string,
    Record<string, { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
}

/** The artifacts as the committed file holds them: contract name -> abi and 0x-prefixed bytecodes. */
export function compileContracts(): string {
  const solc = createRequire(import.meta.url)('solc') as { version(): string; compile(input: string): string };
  const sources: Record<string, { content: string }> = {};
  for (const file of readdirSync(CONTRACTS_DIR)
    .filter((f) => f.endsWith('.sol'))
    .sort()) {
    sources[file] = { content: readFileSync(join(CONTRACTS_DIR, file), 'utf8') };
  }
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: EVM_VERSION,
      // No metadata hash: the bytecode then depends on the code only, not on comments or file paths.
      metadata: { bytecodeHash: 'none', appendCBOR: false },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  // Warnings are shown, not fatal: the test that recompiles should not fail on a new compiler's advice.
  for (const warning of output.errors ?? []) if (warning.severity !== 'error') console.warn(warning.formattedMessage);
  const artifacts: Record<string, unknown> = { compiler: `solc ${solc.version()}`, evmVersion: EVM_VERSION };
  for (const file of Object.keys(output.contracts).sort()) {
    for (const [name, contract] of Object.entries(output.contracts[file])) {
      artifacts[name] = {
        abi: contract.abi,
        bytecode: `0x${contract.evm.bytecode.object}`,
        deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
      };
    }
  }
  return `${JSON.stringify(artifacts, null, 2)}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(ARTIFACTS_PATH, compileContracts());
  console.log(`wrote ${ARTIFACTS_PATH}`);
}
