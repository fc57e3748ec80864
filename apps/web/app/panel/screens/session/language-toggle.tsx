import { Button } from '@mantine/core';
import { usePanelLanguage } from '../../i18n/i18n.tsx';

/** Before sign-in there is no user menu: one button switches between Arabic and English. */
export function LanguageToggle() {
  const { language, setLanguage } = usePanelLanguage();
  const other =
    language === 'ar'
      ? { value: 'en' as const, label: 'English' }
      : { value: 'ar' as const, label: 'العربية' };
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      lang={other.value}
      onClick={() => setLanguage(other.value)}
      data-testid="language-toggle"
    >
      {other.label}
    </Button>
  );
}
