import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, withDefaults } from './layout-config';

describe('the layout config', () => {
  it('has the spec flags: cart, quick panel and chat off; the rest on', () => {
    const off = Object.entries(DEFAULT_LAYOUT.parts).filter(([, on]) => !on);
    expect(off.map(([part]) => part)).toEqual(['cart', 'quickPanel', 'chat']);
    expect(Object.keys(DEFAULT_LAYOUT.parts)).toHaveLength(8);
    expect(DEFAULT_LAYOUT).toMatchObject({ primaryColor: '#6993FF', sidebarHoverTimeoutMs: 500 });
  });
  it('keeps what a stored config set and fills in what it lacks', () => {
    const stored = withDefaults({ parts: { languages: false } } as never);
    expect(stored.parts.languages).toBe(false);
    expect(stored.parts.search).toBe(true);
    expect(stored.primaryColor).toBe('#6993FF');
    expect(withDefaults(null)).toEqual(DEFAULT_LAYOUT);
  });
});
