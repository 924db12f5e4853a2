// The one time field (ui/time-field.tsx): a text box (never the browser's date-time picker), its
// label, the zone beside it, the forms in the range's hint, the message at the field, and a
// placeholder that cannot be read as a value.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TimeField, TimeRangeFields } from '../../../src-renderer/ui/time-field.tsx';

const describedTexts = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

describe('TimeField', () => {
  it('is a text box labelled by its label, the zone beside it, and no example value inside', () => {
    render(<TimeField label="From" value="" onChange={() => {}} zone="utc" />);
    const input = screen.getByLabelText('From') as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.placeholder).toBe('any time');
    expect(input.placeholder).not.toMatch(/\d/);
    expect(describedTexts(input)).toEqual(['UTC']);
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('names the local zone by its name', () => {
    render(<TimeField label="Before" value="" onChange={() => {}} zone="local" />);
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(describedTexts(screen.getByLabelText('Before'))).toEqual([`local (${zone})`]);
  });

  it('shows its message at the field, announced first', () => {
    render(<TimeField label="From" value="2026-02-30" onChange={() => {}} zone="utc" error="From: no such date" />);
    const input = screen.getByLabelText('From');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedTexts(input)).toEqual(['From: no such date', 'UTC']);
    expect(screen.getByRole('alert').textContent).toBe('From: no such date');
  });

  it('keeps whatever is typed, half a time included (the page can always read it)', async () => {
    function Typed() {
      const [value, setValue] = useState('');
      return <TimeField label="From" value={value} onChange={setValue} zone="utc" />;
    }
    render(<Typed />);
    await userEvent.type(screen.getByLabelText('From'), '2026-10-3');
    expect(screen.getByLabelText('From')).toHaveProperty('value', '2026-10-3');
  });
});

describe('TimeRangeFields', () => {
  it('labels the bounds From and Before under one legend, with one hint naming the forms and the zone', async () => {
    const changes: Array<{ after: string; before: string }> = [];
    render(
      <TimeRangeFields
        legend="Sync range"
        value={{ after: '', before: '' }}
        onChange={(v) => changes.push(v)}
        zone="utc"
        issues={{ before: 'Before must be later than From' }}
      />,
    );
    const group = screen.getByRole('group', { name: 'Sync range' });
    expect(group).toBeTruthy();
    const from = screen.getByLabelText('From');
    const before = screen.getByLabelText('Before');
    expect(describedTexts(from)[1]).toBe(
      'From is included, Before is not. Type 2026-10-30, 2026-10-30 14:30, or 2026-10-30T14:30:00Z; a time without Z or an offset is in UTC (Settings → Times shown in). Empty: no bound.',
    );
    expect(describedTexts(before)[0]).toBe('Before must be later than From');
    await userEvent.type(from, '2');
    expect(changes).toEqual([{ after: '2', before: '' }]);
  });
});
