// The user menu (platform §2): profile, language, theme (System / Light / Dark, local storage
// `theme`), sign out, or unimpersonate while impersonating.
import {
  Avatar,
  Group,
  Menu,
  Text,
  UnstyledButton,
  useMantineColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import { useNavigate } from 'react-router';
import { defineTexts, type PanelLanguage, usePanelLanguage, useTexts } from '../i18n/i18n.tsx';
import { sessionManager } from '../lib/session.ts';
import { useSession } from '../lib/use-session.ts';

export const USER_MENU_TEXTS = defineTexts({
  en: {
    userMenu: 'User menu',
    profile: 'Profile',
    language: 'Language',
    theme: 'Theme',
    themeSystem: 'System',
    themeLight: 'Light',
    themeDark: 'Dark',
    signOut: 'Sign out',
    unimpersonate: 'Back to my account',
    impersonating: 'Acting as {name}',
  },
  ar: {
    userMenu: 'قائمة المستخدم',
    profile: 'الملف الشخصي',
    language: 'اللغة',
    theme: 'المظهر',
    themeSystem: 'حسب الجهاز',
    themeLight: 'فاتح',
    themeDark: 'داكن',
    signOut: 'تسجيل الخروج',
    unimpersonate: 'العودة إلى حسابي',
    impersonating: 'تتصرّف باسم {name}',
  },
});

const LANGUAGES: { value: PanelLanguage; label: string }[] = [
  { value: 'ar', label: 'العربية' },
  { value: 'en', label: 'English' },
];

export function UserMenu() {
  const t = useTexts(USER_MENU_TEXTS);
  const { language, setLanguage } = usePanelLanguage();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { claims, isImpersonating } = useSession();
  const navigate = useNavigate();
  const name = claims?.name || claims?.email || '';
  const check = (on: boolean) => (on ? '✓' : undefined);

  const signOut = () => {
    sessionManager().signOut();
    navigate('/panel/login');
  };
  const unimpersonate = async () => {
    await sessionManager().unimpersonate();
    window.location.assign('/panel');
  };

  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton data-testid="user-menu">
          <VisuallyHidden>{t.userMenu}</VisuallyHidden>
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" size="sm" name={name} color="brand" aria-hidden />
            <Text size="sm" visibleFrom="sm" truncate maw={160}>
              {name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {claims?.email ? <Menu.Label>{claims.email}</Menu.Label> : null}
        <Menu.Item onClick={() => navigate('/panel/profile')}>{t.profile}</Menu.Item>
        <Menu.Divider />
        <Menu.Label>{t.language}</Menu.Label>
        {LANGUAGES.map((entry) => (
          <Menu.Item
            key={entry.value}
            lang={entry.value}
            rightSection={check(language === entry.value)}
            onClick={() => setLanguage(entry.value)}
            data-language={entry.value}
          >
            {entry.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>{t.theme}</Menu.Label>
        {(
          [
            ['auto', t.themeSystem],
            ['light', t.themeLight],
            ['dark', t.themeDark],
          ] as const
        ).map(([value, label]) => (
          <Menu.Item
            key={value}
            rightSection={check(colorScheme === value)}
            onClick={() => setColorScheme(value)}
            data-theme-choice={value}
          >
            {label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        {isImpersonating ? (
          <Menu.Item onClick={unimpersonate} data-testid="unimpersonate">
            {t.unimpersonate}
          </Menu.Item>
        ) : null}
        <Menu.Item onClick={signOut} data-testid="sign-out">
          {t.signOut}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
