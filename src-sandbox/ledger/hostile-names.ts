// Test aid (`npm run sandbox -- --hostile-names`, the browser tier's `hostileNames`): the names a
// malicious or broken ledger service could send. Every individual party id, every instrument
// symbol and every transfer status carries HTML and script; a client must show them as text and
// run nothing. Institutions, registrars and the DSO keep plain ids, so the app can still be asked
// for their transfers (a party id typed into the form must match the Canton pattern).
import type { Instrument } from './instruments.ts';
import type { SandboxParties } from './parties.ts';

/** If any of these ever runs, it sets `window.__pwned`. */
export const HOSTILE_PAYLOADS = [
  '<img src=x onerror=__pwned=1>',
  '<script>__pwned=1</script>',
  '<svg onload=__pwned=1>',
  '"><b onmouseover=__pwned=1>bold</b>',
] as const;

const payload = (i: number) => HOSTILE_PAYLOADS[i % HOSTILE_PAYLOADS.length];

/** `alice::1220…` becomes `alice<img src=x onerror=__pwned=1>::1220…` (the fingerprint is kept). */
export function withHostileParties(parties: SandboxParties, institutions: number): SandboxParties {
  return {
    ...parties,
    ids: parties.ids.map((id, i) => {
      if (i < institutions) return id;
      const at = id.lastIndexOf('::');
      return `${id.slice(0, at)}${payload(i)}${id.slice(at)}`;
    }),
  };
}

/** Every symbol but the ledger coin's carries markup; an instrument without a symbol keeps none. */
export function withHostileSymbols(instruments: Instrument[]): Instrument[] {
  return instruments.map((instrument, i) =>
    i === 0 || instrument.symbol === null ? instrument : { ...instrument, symbol: `${instrument.symbol}${payload(i)}` },
  );
}

export function hostileStatuses(statuses: readonly string[]): string[] {
  return statuses.map((status, i) => `${status}${payload(i)}`);
}
