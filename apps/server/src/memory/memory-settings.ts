// The memory settings the server runs with (issue 13, ADR 025). Both are fixed when the process
// starts, so the entry point (server.ts) starts Node again in place with the ones it was not given
// (process.execve: same process id, same stdio, same arguments). What its starter set (Node flags
// on the command line or in NODE_OPTIONS, malloc settings in GLIBC_TUNABLES) is kept as it is.
//
// - V8's heap. Node's defaults size it for throughput on a big machine: a young generation of two
//   64 MB semi-spaces (all of it touched after a few seconds of traffic) and an old generation
//   allowed to grow to up to ~4 times what was live after the last full collection. Under a few thousand
//   requests a second that held ~320 MB, while ~60 MB was live. The flags cap the young generation
//   at 2 × 4 MB (ADR 058; 2 × 8 MB from ADR 036) and start the next full (concurrent) collection
//   once the old one has grown by half (ADR 037; ADR 025 and 036 let it double). Node starts V8 without its optimize-for-size mode
//   (ADR 036): that mode pins the semi-spaces at 1 MB whatever the cap says, and a cold render,
//   which allocates ~1.5 MB and lives a few milliseconds, was promoted half-finished into the old
//   generation (~360 scavenges a second). With a young generation that works, little reaches the
//   old one, and growing it by half instead of doubling it held ~30 MB less after load for
//   ~10 % fewer cold pages a second (ADR 037; ADR 025 measured 40–80 % more CPU per cold render
//   when every render was promoted). Under a flood of cached hits the young generation grows to its
//   cap whatever the traffic: 4 MB semi-spaces held ~7–10 MB less at the abuse bench's peak, with
//   shorter scavenges (readers' p99 no worse), for ~5–15 % more CPU per cold fact-check render
//   (ADR 058; a render of ~1.5 MB is promoted in part more often than with 8 MB).
// - glibc's malloc. It raises its mmap threshold each time a large block is freed, up to 32 MB, so
//   the large temporary blocks that follow (V8's compiler zones, PGlite's WebAssembly compilation,
//   compression state) are carved from its arenas and stay resident after they are freed: ~150 MB
//   on PGlite. A fixed threshold of 64 KB maps each block of that size or more on its own and
//   returns it to the system when freed, and an arena's free top beyond 128 KB is trimmed. All
//   threads share one arena: each arena holds free memory of its own, and one arena held 20–28 MB
//   less after load than glibc's default of eight per core (ADR 037). ADR 036 had lowered the
//   threshold to 32 KB for the holes the free blocks between live ones leave in the main arena;
//   a page's smaller buffers (its compressed form's output chunk, query rows, socket reads) were
//   then fresh mappings on every request too, and the page faults and unmappings cost about a
//   third of a cold page's CPU. At 128 KB with one arena, the blocks of V8's WebAssembly compiles
//   kept a PGlite server at 313 MB after its start (ADR 037). (musl and other C libraries ignore
//   GLIBC_TUNABLES.)
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Without --optimize-for-size (ADR 036, superseding ADR 025's choice of it): cold renders run
//   ~20–30 % faster on PostgreSQL. A deployment that prefers memory to cold-render throughput
//   starts Node with --optimize-for-size (kept, like any flag given).
export const HEAP_FLAGS: readonly string[] = ['--max-semi-space-size=4', '--heap-growing-percent=50'];
export const MALLOC_TUNABLES: readonly string[] = [
  'glibc.malloc.mmap_threshold=65536',
  'glibc.malloc.trim_threshold=131072',
  'glibc.malloc.arena_max=1',
];

/** `--max_semi_space_size=16` → `--max-semi-space-size` (V8 accepts both spellings). */
function flagName(arg: string): string {
  return arg.split('=', 1)[0]!.replaceAll('_', '-');
}

/** The heap flags not already set by `execArgv` or `nodeOptions`, in HEAP_FLAGS' order. */
export function missingHeapFlags(execArgv: readonly string[], nodeOptions = ''): string[] {
  const given = new Set(
    [...execArgv, ...nodeOptions.split(/\s+/)].filter((arg) => arg.startsWith('--')).map(flagName),
  );
  return HEAP_FLAGS.filter((flag) => !given.has(flagName(flag)));
}

/**
 * GLIBC_TUNABLES with the malloc settings it does not set yet added (`a=1:b=2`), or undefined when
 * it already sets all of them.
 */
export function withMallocTunables(current = ''): string | undefined {
  const given = new Set(current.split(':').map((tunable) => tunable.split('=', 1)[0]));
  const missing = MALLOC_TUNABLES.filter((tunable) => !given.has(tunable.split('=', 1)[0]));
  if (missing.length === 0) return undefined;
  return [...current.split(':').filter(Boolean), ...missing].join(':');
}

/**
 * The environment of the second start: the malloc settings, and Node's compile cache on from its
 * first module (NODE_COMPILE_CACHE, in the folder `module.enableCompileCache()` picks by default).
 * The entry point turns the cache on itself, but only after its own imports: without this the
 * second start strips their TypeScript again, loading Node's TypeScript compiler for it (~40 ms of
 * a restart).
 */
export function restartEnvironment(env: NodeJS.ProcessEnv, tunables: string | undefined): NodeJS.ProcessEnv {
  return {
    ...env,
    ...(tunables === undefined ? {} : { GLIBC_TUNABLES: tunables }),
    NODE_COMPILE_CACHE: env.NODE_COMPILE_CACHE || join(tmpdir(), 'node-compile-cache'),
  };
}

/**
 * Starts this Node program again in place with the missing settings (it does not return), or
 * returns when none is missing or the platform cannot replace a process (Windows): the server then
 * runs with what it has. `TABAYYUN_MEMORY_SETTINGS=off` keeps Node's and glibc's defaults.
 */
export function execWithMemorySettings(): void {
  if (process.env.TABAYYUN_MEMORY_SETTINGS === 'off') return;
  if (typeof process.execve !== 'function' || process.platform !== 'linux') return;
  const flags = missingHeapFlags(process.execArgv, process.env.NODE_OPTIONS);
  const tunables = withMallocTunables(process.env.GLIBC_TUNABLES);
  if (flags.length === 0 && tunables === undefined) return;
  process.execve(
    process.execPath,
    [process.execPath, ...flags, ...process.execArgv, ...process.argv.slice(1)],
    restartEnvironment(process.env, tunables),
  );
}
