// The signed-in layout of /panel (platform §2): top bar (menu toggle, logo, slots, user menu), the
// 300 px side menu (open unless isSidebarOpened is false; over the content on small screens), the
// progress bar, the command palette. Without a session the visitor goes to /panel/login and comes
// back to the page asked for after signing in.
import { AppShell, Burger, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, Outlet, redirect } from 'react-router';
import { COMMON_TEXTS } from '../i18n/common.ts';
import { format, useTexts } from '../i18n/i18n.tsx';
import { loadRules, useCan } from '../lib/permissions.ts';
import { sessionManager } from '../lib/session.ts';
import { local, readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage-keys.ts';
import { secondFactorSetupRequired } from '../lib/two-factor.ts';
import { useSession } from '../lib/use-session.ts';
import { NotificationBell } from '../screens/notifications/notification-bell.tsx';
import { CommandPalette, CommandPaletteButton } from '../screens/palette/command-palette.tsx';
import { loginRedirect } from './login-redirect.ts';
import { ProgressBar } from './progress-bar.tsx';
import { SideMenu } from './side-menu.tsx';
import { RouteErrorView } from './status-view.tsx';
import { USER_MENU_TEXTS, UserMenu } from './user-menu.tsx';

export const SIDEBAR_WIDTH = 300;

let refreshedAtStart = false;

export async function clientLoader({ request }: { request: Request }) {
  const session = sessionManager();
  if (!refreshedAtStart && session.hasSession()) {
    // Refresh at start (platform §9). With a fresh access token the screen draws at once and the
    // refresh runs beside it (a revoked session still ends: a 4xx signs out and the layout leaves);
    // otherwise the screen waits for it, as its calls would.
    refreshedAtStart = true;
    const refreshing = session.refresh();
    session.start();
    if (!session.hasFreshToken()) await refreshing;
  }
  if (!session.hasSession()) throw redirect(loginRedirect(new URL(request.url)));
  // A role that requires a second factor, and none yet: its set-up first (ADR 042; the server
  // refuses every other call of such a user anyway).
  if (await secondFactorSetupRequired()) {
    const here = new URL(request.url);
    throw redirect(`/panel/two-factor-setup?next=${encodeURIComponent(here.pathname + here.search)}`);
  }
  await loadRules();
  return null;
}

export function ErrorBoundary() {
  return (
    <Shell>
      <RouteErrorView />
    </Shell>
  );
}

export default function AppLayout() {
  const { signedIn } = useSession();
  // Signed out elsewhere (refresh refused, another tab): back to the login page.
  useEffect(() => {
    if (!signedIn && !sessionManager().hasSession()) {
      window.location.assign(loginRedirect(new URL(window.location.href)));
    }
  }, [signedIn]);
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const t = useTexts(COMMON_TEXTS);
  const tm = useTexts(USER_MENU_TEXTS);
  const can = useCan();
  const { claims, isImpersonating } = useSession();
  const isSmall = useMediaQuery('(max-width: 48em)', false);
  const [opened, setOpened] = useState(() => readStorage(local(), STORAGE_KEYS.isSidebarOpened) !== 'false');
  // On small screens the menu lies over the content and starts closed.
  const [mobileOpened, setMobileOpened] = useState(false);
  const toggle = () => {
    if (isSmall) {
      setMobileOpened((value) => !value);
      return;
    }
    setOpened((value) => {
      writeStorage(local(), STORAGE_KEYS.isSidebarOpened, String(!value));
      return !value;
    });
  };
  const menuOpen = isSmall ? mobileOpened : opened;
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{
        width: SIDEBAR_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened, desktop: !opened },
      }}
      padding="md"
    >
      <a className="panel-skip-link" href="#panel-main">
        {t.skipToContent}
      </a>
      <ProgressBar label={t.loading} />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Tooltip label={menuOpen ? t.closeMenu : t.openMenu}>
              <Burger
                opened={menuOpen}
                onClick={toggle}
                size="sm"
                aria-label={menuOpen ? t.closeMenu : t.openMenu}
                aria-expanded={menuOpen}
                aria-controls="panel-navbar"
              />
            </Tooltip>
            <UnstyledButton
              component={Link}
              to="/panel/dashboard"
              aria-label={`${t.productName} – ${t.dashboard}`}
            >
              <Group gap={6} wrap="nowrap">
                <img src="/favicon.svg" alt="" width={28} height={28} />
                <Text fw={700} size="lg" visibleFrom="xs">
                  {t.productName}
                </Text>
              </Group>
            </UnstyledButton>
          </Group>
          <Group gap="sm" wrap="nowrap" data-slot="top-bar">
            {isImpersonating ? (
              <Text size="sm" c="orange.9" fw={600} data-testid="impersonation-banner" visibleFrom="sm">
                {format(tm.impersonating, { name: claims?.name ?? claims?.email ?? '' })}
              </Text>
            ) : null}
            <NotificationBell />
            <CommandPaletteButton />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" id="panel-navbar" aria-label={t.backOffice}>
        <SideMenu can={can} onNavigate={isSmall ? () => setMobileOpened(false) : undefined} />
      </AppShell.Navbar>
      <AppShell.Main id="panel-main" tabIndex={-1}>
        {children}
      </AppShell.Main>
      <CommandPalette />
    </AppShell>
  );
}
