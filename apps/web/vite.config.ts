import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

// The back office's shared code in a few files (ADR 026). By default Rolldown makes one chunk per
// set of importing routes, so the fact-check editor's cold load fetched ~150 files, most of them a
// single Mantine component of 1–2 KB: over HTTP/1.1 (six connections) each costs a round trip and
// the browser's main thread handles every response. Modules of Mantine, Floating UI and TanStack, and
// of the panel and the form engine, that at least PANEL_SHARED_BY route entries import go into one
// chunk each; code fewer screens share keeps Rolldown's split. Public pages import none of it.
const PANEL_SHARED_BY = 10;
const panelChunks = {
  includeDependenciesRecursively: false,
  groups: [
    {
      name: 'mantine',
      test: /node_modules[\\/]@(mantine|floating-ui|tanstack)[\\/]/,
      minShareCount: PANEL_SHARED_BY,
    },
    {
      name: 'panel',
      test: /apps[\\/]web[\\/]app[\\/]panel[\\/]|packages[\\/]forms[\\/]/,
      minShareCount: PANEL_SHARED_BY,
    },
  ],
};

// A group that leaves a module's dependencies in their own chunks needs entry chunks that may
// export more than their module did; React Router's client build asks for exactly their exports.
const entriesMayExportMore: Plugin = {
  name: 'tabayyun:entries-may-export-more',
  enforce: 'post',
  applyToEnvironment: (environment) => environment.name === 'client',
  options(options) {
    return { ...options, preserveEntrySignatures: 'allow-extension' };
  },
};

export default defineConfig({
  plugins: [reactRouter(), entriesMayExportMore],
  environments: {
    client: {
      build: { rolldownOptions: { output: { codeSplitting: panelChunks } } },
    },
    ssr: {
      resolve: {
        // The server and the loaders must share ONE copy of the RouterContext key, so the server build
        // imports it from node_modules at run time instead of bundling its own (ARCHITECTURE §2).
        external: ['@tabayyun/site-context'],
        // The back office's libraries are bundled into the server build, which keeps only what the
        // panel's routes use: imported from node_modules, @mantine/core alone loaded 703 modules at
        // every start of the server (a third of all it loads) for pages it renders as a shell.
        noExternal: [/^@mantine\//, /^@tanstack\//],
      },
    },
  },
});
