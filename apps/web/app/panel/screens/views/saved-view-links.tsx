// The saved views of a list, under its item of the side menu (issue 35 §4): the user's own and
// those shared with their roles, each a link to the list's address with the view's query.
import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { type SavedView, useSavedViews, viewHref } from './views-data.ts';

export function SavedViewLinks({
  path,
  onNavigate,
}: {
  path: string;
  onNavigate?: (() => void) | undefined;
}) {
  const views = useSavedViews();
  const { pathname, search } = useLocation();
  const here = (views.data ?? []).filter((view) => view.path === path);
  if (here.length === 0) return null;
  const isActive = (view: SavedView) =>
    pathname === view.path && new URLSearchParams(search).toString() === view.query;
  return (
    <>
      {here.map((view) => (
        <NavLink
          key={view._id}
          component={Link}
          to={viewHref(view)}
          label={<span dir="auto">{view.name}</span>}
          // The list's own item keeps aria-current: one current page in the menu.
          active={isActive(view)}
          className="panel-nav-link"
          style={{ paddingInlineStart: 28 }}
          onClick={onNavigate}
          data-saved-view={view.name}
        />
      ))}
    </>
  );
}
