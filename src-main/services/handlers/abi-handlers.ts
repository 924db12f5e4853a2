import type { Handlers } from '../dispatch.ts';
import type { AbiLibraryHost } from '../rpc/abi-library-host.ts';

export function abiHandlers(library: AbiLibraryHost): Handlers['abi'] {
  return {
    list: (profileId) => library.list(profileId),
    save: (input) => library.save(input),
    delete: (input) => library.delete(input),
  };
}
