import { describe, expect, it } from 'vitest';
import { EN_TEXTS, LOCALES, translate } from './texts.ts';

describe('engine texts', () => {
  it('gives the spec English strings exactly', () => {
    expect(translate('en', 'loading')).toBe('Loading ...');
    expect(translate('en', 'noItemsFound')).toBe('No items found');
    expect(translate('en', 'noOptions')).toBe('No options');
    expect(translate('en', 'add')).toBe('Add');
    expect(translate('en', 'areYouSure')).toBe('Are you sure?');
    expect(translate('en', 'cancel')).toBe('Cancel');
    expect(translate('en', 'proceed')).toBe('Proceed');
    expect(translate('en', 'templateNotFound', { name: 'map' })).toBe('Template not found for map');
    expect(translate('en', 'arrayFieldNotSupported')).toBe('Array Field Not Supported');
    expect(translate('en', 'saveFailed', { message: 'boom' })).toBe('Failed! boom');
    expect(translate('en', 'savedSuccessfully')).toBe('Saved successfully');
  });

  it('translates every engine text into Arabic and Turkish', () => {
    for (const locale of LOCALES) {
      for (const key of Object.keys(EN_TEXTS)) {
        const text = translate(locale, key, { count: 1, class: 'x', name: 'n', message: 'm' });
        expect(text.length).toBeGreaterThan(0);
        if (locale !== 'en' && key !== 'required' && key !== 'requiredTrue') {
          expect(text, `${locale}.${key}`).not.toBe(
            translate('en', key, { count: 1, class: 'x', name: 'n', message: 'm' }),
          );
        }
      }
    }
  });

  it('shows an unknown key as itself: English validation errors show their key', () => {
    expect(translate('en', 'maxLength')).toBe('maxLength');
    expect(translate('en', 'required')).toBe('required');
    expect(translate('ar', 'required')).not.toBe('required');
    expect(translate('tr', 'someCustomKey')).toBe('someCustomKey');
  });
});
