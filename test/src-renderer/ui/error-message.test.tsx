// Errors from main show their code and the server's own words, as text; an invalid_argument
// issue can be picked out for the field it names.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorMessage, fieldIssue } from '../../../src-renderer/ui/error-message.tsx';
import { bridgeError, invalidArgument } from '../../fixtures/fake-bridge.ts';

describe('ErrorMessage', () => {
  it("shows the code and main's words, with an optional title", () => {
    render(<ErrorMessage error={bridgeError('unauthorized', 'token expired at 12:00')} title="Could not load." />);

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Could not load. [unauthorized] token expired at 12:00');
    expect(alert.querySelector('.error-code')?.textContent).toBe('[unauthorized]');
  });

  it('renders markup in a message as text, never as HTML', () => {
    render(<ErrorMessage error={bridgeError('service_error', '<img src=x onerror=alert(1)>bad gateway')} />);

    const alert = screen.getByRole('alert');
    expect(alert.querySelector('img')).toBeNull();
    expect(alert.textContent).toBe('[service_error] <img src=x onerror=alert(1)>bad gateway');
  });

  it('shows anything else thrown as an internal error', () => {
    render(
      <>
        <ErrorMessage error={new Error('boom')} />
        <ErrorMessage error="plain words" />
      </>,
    );

    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      '[internal] boom',
      '[internal] plain words',
    ]);
  });
});

describe('fieldIssue', () => {
  const error = invalidArgument([
    { path: [0, 'baseUrl'], message: 'use https' },
    { path: [0, 'name'], message: 'required' },
  ]);

  it('finds the message for a field by the last part of its path', () => {
    expect(fieldIssue(error, 'name')).toBe('required');
    expect(fieldIssue(error, 'baseUrl')).toBe('use https');
  });

  it('finds nothing for another field, another error code, no issues, or no error', () => {
    expect(fieldIssue(error, 'rpcUrl')).toBeNull();
    expect(fieldIssue(bridgeError('network', 'name'), 'name')).toBeNull();
    expect(fieldIssue(bridgeError('invalid_argument', 'bad'), 'name')).toBeNull();
    expect(fieldIssue(null, 'name')).toBeNull();
  });
});
