// The environment editor's fields: a new environment's empty name is not called an error before the
// user has used the field; once used, an empty name and a bad variable line are refused at the field.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EnvironmentEditor } from '../../../../src-renderer/features/rpc/environment-editor.tsx';
import { renderWithApp } from '../../support/render-with-app.tsx';

describe('environment editor', () => {
  it('says nothing about the empty name until the field is used, then refuses it at the field', async () => {
    const { user } = renderWithApp(
      <EnvironmentEditor editing={null} profile={{ id: 'sandbox', name: 'Local sandbox network' }} onDone={vi.fn()} />,
    );
    const name = screen.getByLabelText('Environment name');
    expect(screen.queryByText('Give the environment a name')).toBeNull();
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save environment' })).toHaveProperty('disabled', true);

    await user.type(name, 'st');
    await user.clear(name);
    expect(screen.getByText('Give the environment a name')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');

    await user.type(name, 'staging');
    expect(screen.queryByText('Give the environment a name')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save environment' })).toHaveProperty('disabled', false);
  });
});
