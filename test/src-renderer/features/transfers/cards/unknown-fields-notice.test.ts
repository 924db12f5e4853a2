import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UnknownFieldsNotice } from '../../../../../src-renderer/features/transfers/cards/unknown-fields-notice.tsx';

describe('UnknownFieldsNotice', () => {
  it('names the fields a newer service sent, as text', () => {
    const html = renderToStaticMarkup(
      createElement(UnknownFieldsNotice, { fields: ['feeAmount', 'transfers[].<img src=x onerror=alert(1)>'] }),
    );
    expect(html).toContain('The service sent fields this version does not know: feeAmount');
    expect(html).toContain('feeAmount');
    expect(html).toContain('&lt;img');
    expect(html).not.toContain('<img');
  });

  it('renders nothing when every field is known', () => {
    expect(renderToStaticMarkup(createElement(UnknownFieldsNotice, { fields: [] }))).toBe('');
  });
});
