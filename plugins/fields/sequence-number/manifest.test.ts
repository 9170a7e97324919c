import { describe, expect, it } from 'vitest';
import { formatSequence, manifest } from './manifest';

describe('sequence-number field', () => {
  it("pads to the format's width and adds the prefix", () => {
    expect(formatSequence(1, manifest.defaultConfig)).toBe('01');
    expect(formatSequence(7, { format: '0001', prefix: 'LR-', stepSequence: 'Start' })).toBe('LR-0007');
    expect(formatSequence(12345, { format: '001', prefix: '', stepSequence: 'Start' })).toBe('12345');
  });

  it('is assigned by the server, never typed', () => {
    expect(manifest.uiHints?.serverAssigned).toBe(true);
  });
});
