// The public site's links. Every `to` here is already an absolute address, so a link is a plain
// `<a>`: public pages are documents the browser loads, with no client-side navigation (ADR 056).
// React Router's <Link> ran four hooks per link (resolving the address against the matches, a click
// handler, navigate, prefetch) on every render: 60–100 links made ~18 % of what a cold page render
// allocated on the server (ADR 027).
import type { AnchorHTMLAttributes } from 'react';

export interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute address on this site (`/factcheck/…`, `/en/…`). */
  to: string;
}

export function SiteLink({ to, ...rest }: SiteLinkProps) {
  return <a {...rest} href={to} />;
}
