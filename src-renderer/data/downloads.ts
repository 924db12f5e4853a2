// The browser version's downloads (docs/features.md, "The browser version"): main gives a one-time
// address for a file it wrote, which the page then downloads. The desktop app answers unsupported.
import { useMutation } from '@tanstack/react-query';
import { bridge } from './bridge.ts';

export const useOfferDownload = () => useMutation({ mutationFn: (path: string) => bridge().app.download(path) });
