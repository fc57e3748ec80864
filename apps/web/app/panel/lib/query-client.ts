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
