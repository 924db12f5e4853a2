import { cloneElement, type FormEvent, useId, useState } from 'react';
import { ProfileInput, type RemoteProfile } from '../../../src-shared/contract/schemas.ts';
import { useSaveProfile } from '../../data/settings.ts';
import { ErrorMessage, fieldIssue } from '../../ui/error-message.tsx';

type Draft = Record<'name' | 'baseUrl' | 'translateUrl' | 'partnerUrl' | 'rpcUrl' | 'defaultNodeId', string> & {
  chainAuth: RemoteProfile['chainAuth'];
  rpcKeyPlacement: RemoteProfile['rpcKeyPlacement'];
  rpcSeparator: RemoteProfile['rpcSeparator'];
  ledgerAuthPlacement: RemoteProfile['ledgerAuthPlacement'];
};

const URL_FIELDS = [
  ['baseUrl', 'Ledger-data base URL (base_url)'],
  ['translateUrl', 'Chain listing URL (translate_url)'],
  ['partnerUrl', 'Marketplace-partner URL (partner_url)'],
  ['rpcUrl', 'Node access URL (rpc_url)'],
] as const;

function toDraft(profile: RemoteProfile | null): Draft {
  return {
    name: profile?.name ?? '',
    baseUrl: profile?.baseUrl ?? '',
    translateUrl: profile?.translateUrl ?? '',
    partnerUrl: profile?.partnerUrl ?? '',
    rpcUrl: profile?.rpcUrl ?? '',
    defaultNodeId: profile?.defaultNodeId ?? '',
    chainAuth: profile?.chainAuth ?? 'apiKey',
    rpcKeyPlacement: profile?.rpcKeyPlacement ?? 'header',
    rpcSeparator: profile?.rpcSeparator ?? '_',
    ledgerAuthPlacement: profile?.ledgerAuthPlacement ?? 'header',
  };
}

/** Create or edit a remote profile. Every field is checked here with the same schema main uses. */
export function ProfileForm({ profile, onDone }: { profile: RemoteProfile | null; onDone: (id: string) => void }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(profile));
  const [issues, setIssues] = useState<Record<string, string>>({});
  const save = useSaveProfile();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { ...draft, id: profile?.id, defaultNodeId: draft.defaultNodeId.trim() || null };
    const checked = ProfileInput.safeParse(input);
    if (!checked.success) {
      // The first issue of a field is the one to fix first (the scheme before the password in it).
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
      setIssues(found);
      return;
    }
    setIssues({});
    save.mutate(input, { onSuccess: (saved) => onDone(saved.profile.id) });
  };
  const issue = (field: string) => issues[field] ?? fieldIssue(save.error, field);

  return (
    <form className="profile-form" onSubmit={submit} noValidate aria-label={profile ? 'Edit profile' : 'New profile'}>
      <Field label="Name" error={issue('name')}>
        <input value={draft.name} onChange={(e) => set('name', e.target.value)} />
      </Field>
      {URL_FIELDS.map(([key, label]) => (
        <Field key={key} label={label} error={issue(key)}>
          <input
            value={draft[key]}
            onChange={(e) => set(key, e.target.value)}
            placeholder="https://…"
            spellCheck={false}
          />
        </Field>
      ))}
      <Field label="Default validator node id (empty = deployment default)" error={issue('defaultNodeId')}>
        <input value={draft.defaultNodeId} onChange={(e) => set('defaultNodeId', e.target.value)} />
      </Field>
      <Field label="Chain listing authentication">
        <select value={draft.chainAuth} onChange={(e) => set('chainAuth', e.target.value as Draft['chainAuth'])}>
          <option value="apiKey">API key header (translate_url)</option>
          <option value="partnerBearer">Marketplace-partner bearer token (partner_url)</option>
        </select>
      </Field>
      <Field label="Node access key placement">
        <select
          value={draft.rpcKeyPlacement}
          onChange={(e) => set('rpcKeyPlacement', e.target.value as Draft['rpcKeyPlacement'])}
        >
          <option value="header">apiKey header</option>
          <option value="query">apiKey query parameter</option>
        </select>
      </Field>
      <Field label="Node address separator">
        <select
          value={draft.rpcSeparator}
          onChange={(e) => set('rpcSeparator', e.target.value as Draft['rpcSeparator'])}
        >
          <option value="_">underscore: chain_full</option>
          <option value="-">hyphen: chain-full</option>
        </select>
      </Field>
      <Field label="Ledger JWT and node id sent as">
        <select
          value={draft.ledgerAuthPlacement}
          onChange={(e) => set('ledgerAuthPlacement', e.target.value as Draft['ledgerAuthPlacement'])}
        >
          <option value="header">headers</option>
          <option value="query">query parameters</option>
        </select>
      </Field>
      {save.error && !Object.keys(issues).length && <ErrorMessage error={save.error} />}
      {save.data?.secretsCleared && (
        <p className="banner banner-warning" role="status">
          The addresses changed, so this profile's saved secrets were removed: they are never sent to a host they were
          not saved for. Enter them again below.
        </p>
      )}
      <div className="form-actions">
        <button type="submit" disabled={save.isPending}>
          {save.isPending
            ? profile
              ? 'Saving profile…'
              : 'Creating profile…'
            : profile
              ? 'Save profile'
              : 'Create profile'}
        </button>
      </div>
    </form>
  );
}

/** A labelled control; its error is announced and linked to the control, not folded into its name. */
function Field({ label, error, children }: { label: string; error?: string | null; children: React.ReactElement }) {
  const id = useId();
  const control = cloneElement(children as React.ReactElement<Record<string, unknown>>, {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  });
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {control}
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
