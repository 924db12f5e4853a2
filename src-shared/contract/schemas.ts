// Runtime schemas for everything that crosses the bridge or is stored on disk.
// Main treats every IPC argument as `unknown` until one of these accepts it.
import { z } from 'zod';
import { NodeIdText, PartyId, ProfileIdText } from './transfers.ts';

export const PROFILE_ID = ProfileIdText;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An http(s) base address without credentials, query or fragment. Surrounding spaces are trimmed. */
export const serviceUrl = z
  .string()
  .trim()
  .min(1, 'required')
  .max(2048, 'at most 2048 characters')
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not a URL (expected http:// or https://…)' });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      ctx.addIssue({ code: 'custom', message: `only http and https are allowed, not ${url.protocol}` });
    } else if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
      // Keys and tokens travel with these calls: plain http only where it never leaves the machine.
      ctx.addIssue({
        code: 'custom',
        message: 'use https (plain http is allowed only for localhost / 127.0.0.1 / [::1])',
      });
    }
    if (url.username || url.password) {
      ctx.addIssue({
        code: 'custom',
        message: 'remove the user name/password from the URL: secrets belong in the keychain fields',
      });
    }
    if (url.search || url.hash) {
      ctx.addIssue({ code: 'custom', message: 'a base URL cannot carry a query or fragment' });
    }
  })
  .transform((value) => value.replace(/\/+$/, ''));

export const SECRET_KINDS = ['apiKey', 'ledgerJwt', 'partnerToken'] as const;
export const SecretKind = z.enum(SECRET_KINDS);
export type SecretKind = z.infer<typeof SecretKind>;

export const SECRET_LABELS: Record<SecretKind, string> = {
  apiKey: 'API key (chain listing and node access)',
  ledgerJwt: 'Ledger JWT (transfers)',
  partnerToken: 'Marketplace-partner bearer token (chain listing)',
};

export const SecretValue = z
  .string()
  .trim()
  .min(1, 'empty: use Clear to remove a secret')
  .max(16_384, 'at most 16 KB')
  // Keys and tokens travel in HTTP headers: printable ASCII only, so a stray character is caught
  // here rather than surfacing later as a baffling network error.
  .refine((s) => /^[\x21-\x7e]+$/.test(s), 'only printable ASCII characters, without spaces');

const connectionFields = {
  name: z.string().trim().min(1, 'required').max(80, 'at most 80 characters'),
  defaultNodeId: z.string().trim().max(200).nullable(),
  /** How the chain listing is authenticated: apiKey header at translate_url, or partner bearer at partner_url. */
  chainAuth: z.enum(['apiKey', 'partnerBearer']),
  /** Where the node-access key goes. */
  rpcKeyPlacement: z.enum(['header', 'query']),
  /** The spec shows `<chain>_<node_type>` but its text says hyphen; deployments differ. */
  rpcSeparator: z.enum(['_', '-']),
  /** Whether the ledger JWT and nodeId travel as headers (default) or query parameters. */
  ledgerAuthPlacement: z.enum(['header', 'query']),
};

/** A profile pointing at a real deployment. */
export const RemoteProfile = z.object({
  id: PROFILE_ID,
  kind: z.literal('remote'),
  baseUrl: serviceUrl,
  translateUrl: serviceUrl,
  partnerUrl: serviceUrl,
  rpcUrl: serviceUrl,
  ...connectionFields,
});

/** The built-in profile: its addresses are those of the in-process sandbox network, known only at run time. */
export const SandboxProfile = z.object({
  id: z.literal('sandbox'),
  kind: z.literal('sandbox'),
  ...connectionFields,
});

export const Profile = z.discriminatedUnion('kind', [RemoteProfile, SandboxProfile]);
export type Profile = z.infer<typeof Profile>;
export type RemoteProfile = z.infer<typeof RemoteProfile>;

/**
 * A URL being saved now: also no spaces, tabs or line breaks inside (the URL parser would drop or
 * encode them silently). Only for input: the stored shape stays lenient so older files still load.
 */
const serviceUrlInput = serviceUrl
  .refine(
    (value) => !/[\s\p{Cc}]/u.test(value),
    'a URL cannot contain spaces, tabs or line breaks (write a space in a path as %20)',
  )
  // A bare "?" or "#" parses as an empty query or fragment, so the check above lets it through.
  .refine((value) => !/[?#]/.test(value), 'a base URL cannot carry a query or fragment');

/** What the renderer sends to create or update a remote profile (id omitted = create). */
export const ProfileInput = RemoteProfile.omit({ id: true, kind: true }).extend({
  id: PROFILE_ID.optional(),
  name: z
    .string()
    .trim()
    .min(1, 'required')
    .max(80, 'at most 80 characters')
    .refine((s) => !/\p{Cc}/u.test(s), 'a name cannot contain control characters (a tab or line break?)'),
  baseUrl: serviceUrlInput,
  translateUrl: serviceUrlInput,
  partnerUrl: serviceUrlInput,
  rpcUrl: serviceUrlInput,
  defaultNodeId: NodeIdText.nullable(),
});
export type ProfileInput = z.input<typeof ProfileInput>;

/** The colour tags of the address book: a small named palette (the theme picks the shades). docs/address-book.md */
export const PARTY_COLOURS = ['none', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'grey'] as const;
export const PartyColour = z.enum(PARTY_COLOURS, { error: `a colour is one of ${PARTY_COLOURS.join(', ')}` });
export type PartyColour = z.infer<typeof PartyColour>;
export const PARTY_NOTE_MAX = 500;

/** A note: line breaks allowed (it is a note), other control characters not (they hide text). */
export const PartyNote = z
  .string()
  .max(PARTY_NOTE_MAX, `a note is at most ${PARTY_NOTE_MAX} characters`)
  .refine((s) => !/[^\P{Cc}\n\r]/u.test(s), 'a note cannot contain control characters other than line breaks');

/** An address book entry as stored; colour and note default, so a file written before them still loads. */
export const SavedParty = z.object({
  party: z.string().trim().min(1).max(512),
  label: z.string().trim().max(80),
  colour: PartyColour.default('none'),
  note: z.string().max(PARTY_NOTE_MAX).default(''),
});
export type SavedParty = z.infer<typeof SavedParty>;

/**
 * A party the user saves now: a well-formed party id (the stored shape stays lenient, so a file
 * written by an older version still loads).
 */
export const SavedPartyInput = SavedParty.extend({
  party: PartyId,
  label: z
    .string()
    .trim()
    .max(80, 'a label is at most 80 characters')
    .refine((s) => !/\p{Cc}/u.test(s), 'a label cannot contain control characters (a tab or line break?)'),
  // Left out = keep what the entry has (the party picker saves a label only and must not wipe a note).
  colour: PartyColour.optional(),
  note: PartyNote.optional(),
});
export type SavedPartyInput = z.input<typeof SavedPartyInput>;

/** The transfers table's layout, kept across restarts. */
export const TableLayout = z.object({
  columnVisibility: z.record(z.string().max(64), z.boolean()),
  columnOrder: z.array(z.string().max(64)).max(64),
  columnSizing: z.record(
    z.string().max(64),
    z
      .number()
      .int('a column width is a whole number of pixels')
      .min(24, 'a column is at least 24 px wide')
      .max(2000, 'a column is at most 2000 px wide'),
  ),
});
export type TableLayout = z.infer<typeof TableLayout>;

/**
 * The keychain banner dismissed, per profile: the cause it was dismissed for (keychainNoticeKey in
 * src-renderer/ui/banners.tsx). It stays hidden on that profile while the cause is the same, across
 * reloads and restarts; a new cause shows it again.
 */
export const DismissedKeychainNotices = z
  .record(PROFILE_ID, z.string().max(2100))
  .refine((r) => Object.keys(r).length <= 200, 'at most 200 profiles');

const preferenceFields = {
  theme: z.enum(['system', 'light', 'dark']),
  timeZone: z.enum(['local', 'utc']),
  timeFormat: z.enum(['relative', 'absolute']),
  transfersTable: TableLayout,
  dismissedKeychainNotices: DismissedKeychainNotices,
};

/** As stored: a field added later has its default, so a file written before it still loads. */
export const Preferences = z.object({
  ...preferenceFields,
  transfersTable: TableLayout.default({ columnVisibility: {}, columnOrder: [], columnSizing: {} }),
  dismissedKeychainNotices: DismissedKeychainNotices.default({}),
});
export type Preferences = z.infer<typeof Preferences>;
/**
 * A change: only the fields it names. Without the defaults (a partial of the stored shape filled in
 * every defaulted field left out: saving the theme reset the transfers table's layout).
 */
export const PreferencesPatch = z.object(preferenceFields).partial().strict();

export const Settings = z
  .object({
    version: z.literal(1),
    activeProfileId: PROFILE_ID,
    profiles: z.array(Profile).min(1),
    savedParties: z.array(SavedParty),
    preferences: Preferences,
  })
  .superRefine((settings, ctx) => {
    const ids = settings.profiles.map((p) => p.id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['profiles'], message: 'profile ids repeat' });
    if (!ids.includes('sandbox'))
      ctx.addIssue({ code: 'custom', path: ['profiles'], message: 'the sandbox profile is missing' });
    if (!ids.includes(settings.activeProfileId)) {
      ctx.addIssue({ code: 'custom', path: ['activeProfileId'], message: 'names no existing profile' });
    }
  });
export type Settings = z.infer<typeof Settings>;

/** What the renderer may know about a secret: whether it is there and its last characters. */
export interface SecretStatus {
  present: boolean;
  hint: string | null;
  /**
   * `keychain`/`session`: saved by the user (in the OS keychain / in memory until quit);
   * `sandbox`: the sandbox network's built-in credential; `unreadable`: the keychain failed to answer.
   */
  source: 'keychain' | 'session' | 'sandbox' | 'unreadable' | null;
}

export type KeychainCause = 'keytar-not-loaded' | 'no-session-bus' | 'no-secret-service' | 'locked';

export interface SecretStorageInfo {
  /** `keychain`: the OS keychain holds secrets; `session`: memory only, gone at quit. */
  backend: 'keychain' | 'session';
  /** Why the keychain is not used, when it is not. */
  reason: string | null;
  /**
   * What is wrong, when it can be told, so the advice is the one thing to do about it:
   * `keytar-not-loaded` the module that reaches the keychain is missing (install it);
   * `no-session-bus` no D-Bus session bus (started outside a desktop session);
   * `no-secret-service` a bus but no Secret Service on it (install or start one);
   * `locked` the keychain is there but locked, or has no login keyring (unlock it).
   * Absent: the system's text (`reason`) says more than a guess would.
   */
  cause?: KeychainCause;
}

export interface SettingsView {
  settings: Settings;
  /** Set when the settings file could not be used at start; the app runs on defaults. */
  loadProblem: { message: string; backupPath: string | null } | null;
}

export interface AppInfo {
  version: string;
  platform: string;
  secretStorage: SecretStorageInfo;
  sandbox: { running: boolean; baseUrl: string | null; error: string | null };
  /** Which transport carries the bridge: the Electron IPC, or the loopback test bridge. */
  transport: 'electron' | 'web';
  /** For About (docs/desktop.md): electron and chromium are null outside Electron (the browser version). */
  versions: { app: string; electron: string | null; chromium: string | null; node: string };
  /** Where settings and main's logs live (app:reveal shows them). */
  folders: { settings: string; logs: string };
}

/** app:reveal: which folder to show in the OS file manager. */
export const RevealTarget = z.enum(['settings', 'logs']);
export type RevealTarget = z.infer<typeof RevealTarget>;
/** `opened`: false where the host cannot open a file manager (the browser version): the path is the answer. */
export interface Revealed {
  path: string;
  opened: boolean;
}

/** app:download's argument: the path main answered when it wrote the file. */
export const WrittenPath = z
  .string()
  .min(1, 'the path of a file main wrote')
  .max(4096, 'a path is at most 4096 characters');

/**
 * app:download (the browser version): a one-time address (same origin, `/__download/<token>`) for a
 * file main wrote, good for one download until `expiresAt`. It names no path; `fileName` is the
 * file's own name, `bytes` its size when written.
 */
export interface DownloadOffer {
  url: string;
  fileName: string;
  bytes: number;
  expiresAt: string;
}

export interface ChainSummary {
  name: string;
  /** Every field the listing gave, for display. */
  fields: Record<string, unknown>;
}
export interface ChainListing {
  chains: ChainSummary[];
  fetchedAt: string;
  source: string;
}
