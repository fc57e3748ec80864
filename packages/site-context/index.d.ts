import type { RouterContext } from 'react-router';

/**
 * The value the server puts in every request's RouterContextProvider (site plugin option `context`).
 * It will carry the server's services so loaders call them directly instead of going through HTTP.
 * The server adds its fields by declaration merging:
 *
 *   declare module '@tabayyun/site-context' {
 *     interface AppLoadContext { factchecks: FactchecksService }
 *   }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging (see above).
export interface AppLoadContext {}

/** `context.get(appContext)` in a loader or action returns the server's AppLoadContext. */
export declare const appContext: RouterContext<AppLoadContext>;
