// Where a visitor without a session goes, and where they may come back to. A module of its own:
// React Router splits clientLoader into its own chunk, so helpers it calls cannot live beside it.

/** The login address that brings the visitor back to `url` afterwards. */
export function loginRedirect(url: URL): string {
  return `/panel/login?next=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
}

/** Only a path inside the panel may be the place to come back to (no open redirect). */
export function safeNext(next: string | null): string {
  return next && /^\/panel(\/|$|\?)/.test(next) && !next.startsWith('/panel/login')
    ? next
    : '/panel/dashboard';
}
