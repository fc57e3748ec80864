// The product's entry point (`npm start`). Three things happen before anything else is loaded
// (issue 13, ADR 022 and ADR 025):
// - Node is started again in place with the server's memory settings when it was not given them
//   (memory/memory-settings.ts: V8's young generation at 2 × 4 MB, a full collection once the old
//   generation has grown by half, fixed malloc thresholds), since both are fixed at process start.
// - Node's compile cache is on (NODE_COMPILE_CACHE, else a folder under the system's temporary
//   directory): a restart reuses the compiled code, and the stripped TypeScript, of the last start.
// - drizzle-orm is loaded through its CommonJS build (packages/db/src/module-hooks.ts).
// Then start.ts starts the server; it is imported dynamically so that its imports resolve after the
// hook is in place.
import { enableCompileCache } from 'node:module';
import { preferCommonJsDrizzle } from '@tabayyun/db/module-hooks';
import { execWithMemorySettings } from './memory/memory-settings.ts';

execWithMemorySettings();
enableCompileCache();
preferCommonJsDrizzle();
await import('./start.ts');
