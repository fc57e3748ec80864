import { FIELD_TYPES } from '@tabayyun/forms';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loader } from './gallery.tsx';
import { createGalleryAdapter } from './gallery-adapter.ts';
import { buildGalleryDefinition, galleryFieldTypes } from './gallery-definition.ts';
import { isGalleryEnabled } from './gallery-enabled.server.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

describe('the widget gallery', () => {
  it('shows every one of the 28 field types, in Arabic and in English', () => {
    for (const locale of ['ar', 'en'] as const) {
      expect(new Set(galleryFieldTypes(buildGalleryDefinition(locale)))).toEqual(new Set(FIELD_TYPES));
    }
  });

  it('is served in development and test, and in production only with ENABLE_GALLERY=true', async () => {
    expect(isGalleryEnabled({ NODE_ENV: 'development' })).toBe(true);
    expect(isGalleryEnabled({ NODE_ENV: 'test' })).toBe(true);
    expect(isGalleryEnabled({ NODE_ENV: 'production' })).toBe(false);
    expect(isGalleryEnabled({ NODE_ENV: 'production', ENABLE_GALLERY: 'true' })).toBe(true);
    vi.stubEnv('NODE_ENV', 'production');
    const answer = await loader().catch((error: unknown) => error);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(404);
    vi.stubEnv('ENABLE_GALLERY', 'true');
    await expect(loader()).resolves.toBeNull();
  });

  it('lists options by search and fakes an upload: progress to 100, then the record', async () => {
    vi.useFakeTimers();
    const adapter = createGalleryAdapter();
    expect((await adapter.list('sources', { search: 'reu' })).data).toEqual([{ _id: 's1', name: 'Reuters' }]);
    const progress: number[] = [];
    const upload = adapter.upload?.('factchecks', new File(['x'], 'a.png', { type: 'image/png' }), {
      onProgress: (percent) => progress.push(percent),
      signal: new AbortController().signal,
      fieldname: 'evidence',
    });
    await vi.runAllTimersAsync();
    await expect(upload).resolves.toMatchObject({ path: 'factchecks/a.png', originalname: 'a.png' });
    expect(progress).toEqual([20, 40, 60, 80, 100]);
  });
});
