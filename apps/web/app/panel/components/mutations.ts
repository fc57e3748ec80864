// Writes from the screens: the toasts of spec §8 and the list refresh, in one place.
import { showSavedToast, showSaveFailedToast } from '@tabayyun/forms';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { usePanelLanguage } from '../i18n/i18n.tsx';
import { failureMessage } from '../lib/errors.ts';
import { listQueryKey } from './data-table/resource-table.tsx';

/**
 * Runs a write, then refreshes the resource's lists. `success`: the toast on success (default
 * 'Saved successfully'); a failure shows 'Failed! {message}' for 15 s and resolves undefined.
 */
export function useWrite() {
  const queryClient = useQueryClient();
  const { language } = usePanelLanguage();
  return useCallback(
    async <T>(
      resources: string | string[],
      write: () => Promise<T>,
      success?: (result: T) => void,
    ): Promise<T | undefined> => {
      try {
        const result = await write();
        if (success) success(result);
        else showSavedToast(language);
        for (const resource of Array.isArray(resources) ? resources : [resources]) {
          await queryClient.invalidateQueries({ queryKey: listQueryKey(resource) });
        }
        return result;
      } catch (error) {
        showSaveFailedToast(failureMessage(error), language);
        return undefined;
      }
    },
    [queryClient, language],
  );
}
