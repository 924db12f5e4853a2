// One thing the palette lists: what it shows, the words it is found by, what Enter does.
export type PaletteGroup = 'Parties' | 'Recent views' | 'Actions' | 'Chains' | 'RPC' | 'Settings';

export interface PaletteItem {
  /** Unique in the list (cmdk's value). */
  id: string;
  group: PaletteGroup;
  label: string;
  /** A second, quieter line: the full party id, the method's description… */
  detail?: string;
  /** A party's colour tag (address book), shown as a dot. */
  colour?: string;
  /** Words it is found by besides the label. */
  keywords: string[];
  run: () => void;
}
