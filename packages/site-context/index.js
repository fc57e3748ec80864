// Hand-written JavaScript, not TypeScript, on purpose: React Router's server build bundles its own
// copy of any workspace package whose entry is .ts, and a second copy of this key would never match
// the one the server sets ("No value found for context"). apps/web lists this package in
// `environments.ssr.resolve.external`, so the server and the loaders share this one module.
import { createContext } from 'react-router';

/** What the server hands to every loader and action; see AppLoadContext in index.d.ts. */
export const appContext = createContext();
