import { describe, expect, it } from 'vitest';
import { isPlainClick } from './site-link.tsx';

const click = {
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
  defaultPrevented: false,
};
const anchor = (target = '', download = false) => ({
  target,
  hasAttribute: (name: string) => download && name === 'download',
});

describe('isPlainClick', () => {
  it('follows a plain left click in the page', () => {
    expect(isPlainClick(click, anchor())).toBe(true);
    expect(isPlainClick(click, anchor('_self'))).toBe(true);
  });

  it('leaves to the browser a click with a modifier, another button, another target or a download', () => {
    for (const key of ['metaKey', 'altKey', 'ctrlKey', 'shiftKey'] as const) {
      expect(isPlainClick({ ...click, [key]: true }, anchor())).toBe(false);
    }
    expect(isPlainClick({ ...click, button: 1 }, anchor())).toBe(false);
    expect(isPlainClick(click, anchor('_blank'))).toBe(false);
    expect(isPlainClick(click, anchor('', true))).toBe(false);
    expect(isPlainClick({ ...click, defaultPrevented: true }, anchor())).toBe(false);
  });
});
