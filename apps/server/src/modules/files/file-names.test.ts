import { describe, expect, it } from 'vitest';
import { candidateNames, joinName, parseFileKey, parseFolder, sanitizeFileName } from './file-names.ts';
import { createFilePolicy, detectType, isAccepted } from './file-policy.ts';

const safe = (raw: string) => joinName(sanitizeFileName(raw));

describe('file names', () => {
  it('keeps Arabic readable and drops directory parts, controls and bidi overrides', () => {
    expect(safe('تقرير الحادثة.JPG')).toBe('تقرير-الحادثة.jpg');
    expect(safe('../../x')).toBe('x');
    expect(safe('..\\..\\boot.ini')).toBe('boot.ini');
    expect(safe('a\u0000b\u202Egpj.exe')).toBe('abgpj.exe');
    expect(safe('.htaccess')).toBe('htaccess');
    expect(safe('...')).toBe('file');
    expect(safe('a<b>:c"d|e?f*g#h%i.png')).toBe('a-b-c-d-e-f-g-h-i.png');
    expect(Buffer.byteLength(safe(`${'ب'.repeat(400)}.png`))).toBeLessThanOrEqual(160);
  });

  it('proposes numbered, then random, names on a clash', () => {
    const names = [...candidateNames(sanitizeFileName('a.png'))];
    expect(names.slice(0, 3)).toEqual(['a.png', 'a-1.png', 'a-2.png']);
    expect(names.at(-1)).toMatch(/^a-[0-9a-f]{8}\.png$/);
  });

  it('accepts only plain folders and stored names', () => {
    expect(parseFolder('news-feed/2024')).toBe('news-feed/2024');
    expect(parseFolder('')).toBe('');
    for (const bad of ['..', 'a/../b', '_v', '.staging', 'a//b', 'a\\b'])
      expect(parseFolder(bad), bad).toBeUndefined();
    expect(parseFileKey('news-feed/x.jpg')).toEqual({ folder: 'news-feed', filename: 'x.jpg' });
    expect(parseFileKey('../secret.txt')).toBeUndefined();
    expect(parseFileKey('a/..')).toBeUndefined();
  });
});

describe('file policy', () => {
  it('matches accept lists by mime wildcard and extension', () => {
    const jpeg = { mime: 'image/jpeg', ext: 'jpg' };
    expect(isAccepted(['image/*'], jpeg)).toBe(true);
    expect(isAccepted(['.jpeg'], jpeg)).toBe(true);
    expect(isAccepted(['application/pdf', '.png'], jpeg)).toBe(false);
    expect(isAccepted([], jpeg)).toBe(true);
  });

  it('sniffs content, not names', async () => {
    expect(
      await detectType(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...Array(60).fill(0)]), 'jpg'),
    ).toEqual({ mime: 'application/x-elf', ext: 'elf' });
    expect(await detectType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'txt')).toEqual({
      mime: 'image/svg+xml',
      ext: 'svg',
    });
    expect(await detectType(Buffer.from('a,b\n1,2'), 'csv')).toEqual({ mime: 'text/csv', ext: 'csv' });
  });

  it('takes the deepest folder rule and protected folder', () => {
    const policy = createFilePolicy({
      maxSize: 100,
      folderRules: '{"a":{"maxSize":5},"a/b":{"accept":["image/*"]}}',
      protectedFolders: 'private, staff/hr',
    });
    expect(policy.ruleFor('a/x')).toEqual({ maxSize: 5, accept: [] });
    expect(policy.ruleFor('a/b/c')).toEqual({ maxSize: 100, accept: ['image/*'] });
    expect(policy.ruleFor('news-feed').accept).toEqual(['image/*']);
    expect(policy.ruleFor('other')).toEqual({ maxSize: 100, accept: [] });
    expect([
      policy.isProtected('private/x'),
      policy.isProtected('staff'),
      policy.isProtected('staff/hr/1'),
    ]).toEqual([true, false, true]);
    expect(() =>
      createFilePolicy({ maxSize: 1, folderRules: '{"a":{"size":1}}', protectedFolders: '' }),
    ).toThrow(/FILES_FOLDER_RULES/);
  });
});
