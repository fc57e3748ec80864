import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  HEAP_FLAGS,
  MALLOC_TUNABLES,
  missingHeapFlags,
  restartEnvironment,
  withMallocTunables,
} from './memory-settings.ts';

describe('missingHeapFlags', () => {
  it('adds every heap flag to a plain start', () => {
    expect(missingHeapFlags([], '')).toEqual([...HEAP_FLAGS]);
    expect(HEAP_FLAGS).toEqual(['--max-semi-space-size=4', '--heap-growing-percent=50']);
  });

  it('adds nothing once the process runs with them (no second start)', () => {
    expect(missingHeapFlags([...HEAP_FLAGS], '')).toEqual([]);
  });

  it('keeps a value given on the command line or in NODE_OPTIONS, in either spelling', () => {
    expect(missingHeapFlags(['--max_semi_space_size=32'], '')).toEqual(['--heap-growing-percent=50']);
    expect(missingHeapFlags([], '--heap-growing-percent=200 --enable-source-maps')).toEqual([
      '--max-semi-space-size=4',
    ]);
  });

  it('leaves a starter that prefers memory its --optimize-for-size, with the flags it did not give', () => {
    expect(missingHeapFlags(['--optimize-for-size'], '')).toEqual([...HEAP_FLAGS]);
  });

  it('is not fooled by other flags or values', () => {
    expect(missingHeapFlags(['--max-old-space-size=512', '--conditions=max-semi-space-size'], '')).toEqual([
      ...HEAP_FLAGS,
    ]);
  });
});

describe('withMallocTunables', () => {
  it('sets the malloc thresholds when GLIBC_TUNABLES is unset', () => {
    expect(withMallocTunables(undefined)).toBe(MALLOC_TUNABLES.join(':'));
    expect(MALLOC_TUNABLES).toEqual([
      'glibc.malloc.mmap_threshold=65536',
      'glibc.malloc.trim_threshold=131072',
      'glibc.malloc.arena_max=1',
    ]);
  });

  it('keeps the tunables already set and adds the missing ones', () => {
    expect(withMallocTunables('glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072')).toBe(
      'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072',
    );
  });

  it('answers nothing once they are all set (no second start)', () => {
    expect(withMallocTunables(MALLOC_TUNABLES.join(':'))).toBeUndefined();
  });
});

describe('restartEnvironment', () => {
  it('turns the compile cache on from the first module, in the folder Node picks by default', () => {
    const env = restartEnvironment({ PATH: '/bin' }, 'glibc.malloc.mmap_threshold=131072');
    expect(env).toEqual({
      PATH: '/bin',
      GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=131072',
      NODE_COMPILE_CACHE: join(tmpdir(), 'node-compile-cache'),
    });
  });

  it('keeps a compile cache folder and malloc settings given by the starter', () => {
    const given = { NODE_COMPILE_CACHE: '/var/cache/tabayyun', GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' };
    expect(restartEnvironment(given, undefined)).toEqual(given);
  });
});
