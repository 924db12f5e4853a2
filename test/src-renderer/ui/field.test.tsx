// A labelled control whose error and hint are linked to it (aria-describedby), so a screen
// reader reads them with the control instead of folding them into its name.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from '../../../src-renderer/ui/field.tsx';

describe('Field', () => {
  it('labels its control and marks nothing when all is well', () => {
    render(
      <Field label="Party">
        <input defaultValue="alice::1220" />
      </Field>,
    );

    const input = screen.getByRole('textbox', { name: 'Party' });
    expect(input).toHaveProperty('value', 'alice::1220');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces an error and links it to the control, keeping it out of the name', () => {
    render(
      <Field label="Page size" error="at most 1000">
        <input />
      </Field>,
    );

    const input = screen.getByRole('textbox', { name: 'Page size' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('at most 1000');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('links a hint, and both the error and the hint when there are both', () => {
    const { rerender } = render(
      <Field label="From" hint="inclusive, in UTC">
        <input />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'From' });
    const hint = screen.getByText('inclusive, in UTC');
    expect(input.getAttribute('aria-describedby')).toBe(hint.id);
    expect(input.getAttribute('aria-invalid')).toBeNull();

    rerender(
      <Field label="From" hint="inclusive, in UTC" error="not a date">
        <input />
      </Field>,
    );
    const alert = screen.getByRole('alert');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toEqual([alert.id, hint.id]);
  });
});
