// The product's entry point (`npm start`). Two things happen before anything else is loaded
// (issue 13, ADR 022):
// - Node's compile cache is on (NODE_COMPILE_CACHE, else a folder under the system's temporary
//   directory): a restart reuses the compiled code, and the stripped TypeScript, of the last start.
// - drizzle-orm is loaded through its CommonJS build (packages/db/src/module-hooks.ts).
// Then start.ts starts the server; it is imported dynamically so that its imports resolve after the
// hook is in place.
import { enableCompileCache } from 'node:module';
import { preferCommonJsDrizzle } from '@tabayyun/db/module-hooks';

enableCompileCache();
preferCommonJsDrizzle();
await import('./start.ts');
