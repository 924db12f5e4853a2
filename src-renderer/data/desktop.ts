// Desktop conventions over the bridge (docs/desktop.md): show the settings or logs folder. The
// desktop app opens it in the OS file manager; the browser version answers the path only.
import { useMutation } from '@tanstack/react-query';
import type { RevealTarget } from '../../src-shared/contract/schemas.ts';
import { bridge } from './bridge.ts';

export const useRevealFolder = () => useMutation({ mutationFn: (target: RevealTarget) => bridge().app.reveal(target) });
