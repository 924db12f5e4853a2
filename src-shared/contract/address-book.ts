// What the address book's CSV channels answer (types only: the checks run in main). docs/address-book.md
import type { SettingsView } from './schemas.ts';

/** settings:importParties: the settings after the import, what changed, and each bad row by line. */
export interface AddressBookImported {
  view: SettingsView;
  added: number;
  updated: number;
  unchanged: number;
  problems: Array<{ line: number; message: string }>;
}

/** settings:exportParties: where the file went and how many parties it holds. */
export interface AddressBookExported {
  path: string;
  parties: number;
}

/** The largest CSV text the import takes (far above any address book; a wrong file is refused early). */
export const ADDRESS_BOOK_CSV_MAX = 2_000_000;
