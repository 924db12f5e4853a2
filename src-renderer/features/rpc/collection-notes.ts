// What the Collections panel and its forms share: the request as a collection keeps it, and the
// panel's one status line, which every form writes on.
import type { CollectionRequestInput } from '../../../src-shared/contract/rpc-workspace.ts';

export type CollectionDraft = Omit<CollectionRequestInput, 'name'>;

/** The panel's one status line: what the last save, edit, import or export did (ui/action-status.ts). */
export type Note = { text: string } | { problem: unknown; title?: string };

/** How the panel's parts write on its status line. */
export interface PanelNotes {
  show: (note: Note, error?: boolean) => void;
  /** An action's onError: the problem, under `title`. */
  failed: (title?: string) => (problem: unknown) => void;
}
