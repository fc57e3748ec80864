// Runs drizzle-kit (a root devDependency) against this package's drizzle-orm, which npm installs
// in packages/db/node_modules only: drizzle-kit's own `require`/`import('drizzle-orm')` cannot find
// it from the root (NODE_PATH does not apply to import()).
// Usage: npm run db:generate -w @tabayyun/db -- --name <change>
// It runs from the repository root, where drizzle.config.ts's relative paths point.
import { createRequire, registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

const dbPackageUrl = new URL('../package.json', import.meta.url).href;
const requireFromDb = createRequire(dbPackageUrl);
let isResolving = false;

process.chdir(new URL('../../..', import.meta.url).pathname);

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier !== 'drizzle-orm' && !specifier.startsWith('drizzle-orm/')) {
      return nextResolve(specifier, context);
    }
    if (context.conditions?.includes('require')) {
      if (isResolving) return nextResolve(specifier, context);
      // require.resolve runs these hooks again: let the nested call fall through.
      isResolving = true;
      try {
        return { url: pathToFileURL(requireFromDb.resolve(specifier)).href, shortCircuit: true };
      } finally {
        isResolving = false;
      }
    }
    return nextResolve(specifier, { ...context, parentURL: dbPackageUrl });
  },
});

// bin.cjs is not in drizzle-kit's "exports": locate the package, then load the file by path.
await import(new URL('bin.cjs', import.meta.resolve('drizzle-kit')).href);
