import { appContext } from '@tabayyun/site-context';
import type { RouterContextProvider } from 'react-router';
import type { Services } from './content.server.ts';
import { notFoundResponse } from './context.server.ts';

/** The services, or undefined when the app is mounted without them (the site plugin's own tests). */
export function servicesOfOptional(context: Readonly<RouterContextProvider>): Services | undefined {
  try {
    return context.get(appContext);
  } catch {
    return undefined;
  }
}

/** The services; without them a data page cannot exist, so it is a 404. */
export function requireServices(context: Readonly<RouterContextProvider>): Services {
  const services = servicesOfOptional(context);
  if (!services) throw notFoundResponse();
  return services;
}

/**
 * A post the server refused before reading it (too many from this client, or too large: issue 34,
 * apps/server/src/modules/site/post-limits.ts). The server hands it over instead of the body.
 */
export interface SiteRefusal {
  code: 'RATE_LIMITED' | 'PAYLOAD_TOO_LARGE';
  status: 429 | 413;
}

/** The refusal of this post, if the server refused it before the route action. */
export function siteRefusalOf(context: Readonly<RouterContextProvider>): SiteRefusal | undefined {
  return (servicesOfOptional(context) as { siteRefusal?: SiteRefusal } | undefined)?.siteRefusal;
}
