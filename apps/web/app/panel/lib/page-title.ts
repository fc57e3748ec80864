import { useEffect } from 'react';
import { COMMON_TEXTS } from '../i18n/common.ts';
import { useTexts } from '../i18n/i18n.tsx';

/** Page titles are `<page> - <product name>` (spec §1), in the interface language. */
export function usePageTitle(title: string | undefined): void {
  const t = useTexts(COMMON_TEXTS);
  useEffect(() => {
    document.title = title ? `${title} - ${t.productName}` : t.productName;
  }, [title, t.productName]);
}
