import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './http.ts';

/** One cache for the panel: lists stay fresh for 10 s; a 4xx is not retried (it will not change). */
export function createPanelQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 2,
      },
      mutations: { retry: false },
    },
  });
}

let shared: QueryClient | undefined;

/**
 * The panel's one cache, also reachable outside React: a route's clientLoader starts its screen's
 * requests through it, so the data comes back while the screen is still being drawn.
 */
export function panelQueryClient(): QueryClient {
  shared ??= createPanelQueryClient();
  return shared;
}
