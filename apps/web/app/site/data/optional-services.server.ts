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
