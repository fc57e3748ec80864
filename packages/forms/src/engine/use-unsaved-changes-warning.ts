import { useEffect } from 'react';

/** While `isActive`, leaving the page asks the browser's "unsaved changes" question. */
export function useUnsavedChangesWarning(isActive: boolean): void {
  useEffect(() => {
    if (!isActive) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isActive]);
}
