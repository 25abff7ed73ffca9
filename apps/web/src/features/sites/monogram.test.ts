import { describe, expect, it } from 'vitest';
import { monogram } from './monogram.ts';

describe('monogram', () => {
  it('takes the initials of the venue words after the shared brand', () => {
    expect(monogram('Kippu Borderless Museum')).toBe('BM');
    expect(monogram('Kippu Light Lab Exhibition')).toBe('LL');
    expect(monogram('Kippu Nagai Botanical Garden')).toBe('NB');
  });

  it('skips minor words', () => {
    expect(monogram('Kippu Museum of Fine Arts')).toBe('MF');
    expect(monogram('Kippu Lights in the Ruins')).toBe('LR');
  });

  it('copes with one word, the brand alone, punctuation and an empty name', () => {
    expect(monogram('Harbour')).toBe('H');
    expect(monogram('Kippu')).toBe('K');
    expect(monogram('Kippu  Can-Can Factory')).toBe('CC');
    expect(monogram('')).toBe('?');
  });
});
