// Loads drizzle-orm through its CommonJS build (issue 13, ADR 022). Its package.json is 178 KB with
// 447 export entries, and Node's ES module loader parses that file again for every one of the
// ~250 drizzle modules it loads (to find each file's module format): importing @tabayyun/db that
// way took ~400 ms and left ~170 MB of garbage that grew the heap (RSS ~315 MB before the server
// did anything). Its `.cjs` files need no such lookup: 120 ms, ~95 MB. Same code, same exports.
//
// A process entry point calls `preferCommonJsDrizzle()` before it imports anything that imports
// drizzle (module resolution happens when a module graph is linked, so the entry imports the rest
// dynamically afterwards). Every drizzle import of the process then resolves to the one CommonJS
// copy; a process without the hook (tests, tools) keeps the ES build, which works the same, slower.
import { registerHooks } from 'node:module';

let isRegistered = false;

export function preferCommonJsDrizzle(): void {
  if (isRegistered) return;
  isRegistered = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
        return nextResolve(specifier, { ...context, conditions: ['node', 'require'] });
      }
      return nextResolve(specifier, context);
    },
  });
}
