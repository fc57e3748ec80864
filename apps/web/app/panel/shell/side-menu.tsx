import { NavLink, Stack } from '@mantine/core';
import { Fragment, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { COMMON_TEXTS } from '../i18n/common.ts';
import { useTexts } from '../i18n/i18n.tsx';
import { apiPath, type Can } from '../lib/permissions.ts';
import { SavedViewLinks } from '../screens/views/saved-view-links.tsx';
import { isMenuGroup, MENU, type MenuItem } from './menu.ts';

export const itemPermitted = (can: Can, item: MenuItem): boolean =>
  can(item.permission.action, item.permission.path ?? apiPath(item.permission.resource ?? ''));

/** The side menu: links and collapsible groups; an item the user may not read is not shown. */
export function SideMenu({ can, onNavigate }: { can: Can; onNavigate?: () => void }) {
  const t = useTexts(COMMON_TEXTS);
  const { pathname } = useLocation();
  const isActive = (link: string) => pathname === link || pathname.startsWith(`${link}/`);

  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  // A plain Link with the active state computed here once: React Router's NavLink matched the
  // address again for each of the ~25 items on every screen's first draw.
  // Each list is followed by its saved views (issue 35 §4).
  const link = (item: MenuItem) => (
    <Fragment key={item.link}>
      <NavLink
        component={Link}
        to={item.link}
        label={t[item.text]}
        active={isActive(item.link)}
        aria-current={isActive(item.link) ? 'page' : undefined}
        className="panel-nav-link"
        onClick={onNavigate}
      />
      <SavedViewLinks path={item.link} onNavigate={onNavigate} />
    </Fragment>
  );
  return (
    // Native scrolling: Mantine's ScrollArea measured ~45 ms of resize work on every screen's first draw.
    <div className="panel-scroll-y">
      <Stack gap={2} component="nav" aria-label={t.backOffice} data-testid="side-menu">
        {MENU.map((entry) => {
          if (!isMenuGroup(entry)) return itemPermitted(can, entry) ? link(entry) : null;
          const items = entry.items.filter((item) => itemPermitted(can, item));
          if (items.length === 0) return null;
          const open = expanded[entry.name] ?? true;
          return (
            <NavLink
              key={entry.name}
              label={t[entry.text]}
              opened={open}
              onChange={(next) => setExpanded((state) => ({ ...state, [entry.name]: next }))}
              childrenOffset={16}
              data-menu-group={entry.name}
            >
              {items.map(link)}
            </NavLink>
          );
        })}
      </Stack>
    </div>
  );
}
