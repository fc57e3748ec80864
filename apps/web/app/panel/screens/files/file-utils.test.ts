import { describe, expect, it } from 'vitest';
import {
  absoluteFileUrl,
  childFolders,
  fileAddress,
  fileTypeClass,
  folderTrail,
  formatFileDate,
  formatFileSize,
  parseFolder,
} from './file-utils.ts';

describe('file browser helpers', () => {
  it('formats sizes from bytes to PB, base 1024, two decimals, in both languages', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(1023)).toBe('1023 bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(10_485_760)).toBe('10 MB');
    expect(formatFileSize(1024 ** 5 * 3)).toBe('3 PB');
    expect(formatFileSize(1024 ** 6)).toBe('1024 PB');
    expect(formatFileSize(1536, 'ar')).toBe('1.5 ك.ب');
  });

  it("dates are 'dd MMM yyyy', Arabic with Latin digits; invalid dates show nothing", () => {
    expect(formatFileDate('2025-03-05T10:00:00Z', 'en')).toBe('05 Mar 2025');
    expect(formatFileDate('2025-03-05T10:00:00Z', 'ar')).toMatch(/^05 \S+ 2025$/);
    expect(formatFileDate('2025-03-05T10:00:00Z', 'ar')).not.toMatch(/[A-Za-z]/);
    expect(formatFileDate('not a date')).toBe('');
  });

  it('derives child folders from destinations and walks the path', () => {
    const destinations = [
      'storage/a',
      'storage/a/x',
      'storage/a/x/deep',
      'storage/a/y',
      'storage/b',
      'storage',
    ];
    expect(childFolders('storage', '', destinations)).toEqual(['a', 'b']);
    expect(childFolders('storage', 'a', destinations)).toEqual(['x', 'y']);
    expect(childFolders('storage', 'a/x', destinations)).toEqual(['deep']);
    expect(folderTrail('a/x/deep').map((c) => c.folder)).toEqual(['a', 'a/x', 'a/x/deep']);
  });

  it('accepts only the folders the server accepts', () => {
    expect(parseFolder('/news-feed/2025/')).toBe('news-feed/2025');
    expect(parseFolder('تقارير')).toBe('تقارير');
    expect(parseFolder(null)).toBe('');
    for (const bad of ['..', 'a/../b', '_v', '.hidden', 'a//b', 'a*b'])
      expect(parseFolder(bad), bad).toBeUndefined();
  });

  it('classes types and builds addresses (variants for raster thumbnails only)', () => {
    expect(fileTypeClass('image/png')).toBe('image');
    expect(fileTypeClass('application/pdf')).toBe('pdf');
    expect(fileTypeClass('application/octet-stream', 'x.xlsx')).toBe('xls');
    expect(fileTypeClass(undefined, 'x.bin')).toBe('file');
    expect(fileAddress('storage/a/صورة.png')).toBe('/storage/a/%D8%B5%D9%88%D8%B1%D8%A9.png');
    expect(fileAddress('storage/a/x.png', { thumbnail: true, mimetype: 'image/png' })).toBe(
      '/storage/a/x.png?w=320',
    );
    expect(fileAddress('storage/a/x.svg', { thumbnail: true, mimetype: 'image/svg+xml' })).toBe(
      '/storage/a/x.svg',
    );
    expect(absoluteFileUrl('http://h', 'storage/x.pdf')).toBe('http://h/storage/x.pdf');
  });
});
