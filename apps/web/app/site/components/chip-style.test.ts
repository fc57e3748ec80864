import { describe, expect, it } from 'vitest';
import { chipStyle, chipTextColor } from './chip-style.ts';

describe('rating chip colours', () => {
  it('picks the text colour with the better contrast (WCAG AA for the chip text)', () => {
    expect(chipTextColor('#0d1b2a')).toBe('#ffffff');
    expect(chipTextColor('#a393d1')).toBe('#16181d');
    expect(chipTextColor('#ff3657')).toBe('#16181d');
    expect(chipTextColor('#FFF')).toBe('#16181d');
  });

  it('leaves colours it cannot read to the stylesheet default', () => {
    expect(chipTextColor('rebeccapurple')).toBeUndefined();
    expect(chipStyle('rebeccapurple')).toEqual({ '--chip': 'rebeccapurple' });
  });

  it('sets the chip colour and its text colour; no colour means the default accent', () => {
    expect(chipStyle('#0d1b2a')).toEqual({ '--chip': '#0d1b2a', '--chip-text': '#ffffff' });
    expect(chipStyle(null)).toEqual({ '--chip-text': '#16181d' });
  });
});
