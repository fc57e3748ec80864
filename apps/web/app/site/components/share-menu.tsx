import { useMessages } from '../i18n/use-language.ts';
import type { IconName } from './icons.tsx';
import { Icon } from './icons.tsx';

const TARGETS: { icon: IconName; name: string; href: (url: string, title: string) => string }[] = [
  { icon: 'x', name: 'X', href: (u, t) => `https://x.com/intent/tweet?url=${u}&text=${t}` },
  { icon: 'facebook', name: 'Facebook', href: (u) => `https://www.facebook.com/sharer/sharer.php?u=${u}` },
  {
    icon: 'linkedin',
    name: 'LinkedIn',
    href: (u) => `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
  },
  { icon: 'whatsapp', name: 'WhatsApp', href: (u, t) => `https://wa.me/?text=${t}%20${u}` },
  { icon: 'telegram', name: 'Telegram', href: (u, t) => `https://t.me/share/url?url=${u}&text=${t}` },
  { icon: 'reddit', name: 'Reddit', href: (u, t) => `https://www.reddit.com/submit?url=${u}&title=${t}` },
];

export function shareLinks(url: string, title: string): { name: string; icon: IconName; href: string }[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return TARGETS.map((target) => ({ name: target.name, icon: target.icon, href: target.href(u, t) }));
}

/** Plain links (no share scripts): X, Facebook, LinkedIn, WhatsApp, Telegram, Reddit. */
export function ShareMenu({ url, title }: { url: string; title: string }) {
  const t = useMessages();
  return (
    <details className="share-menu">
      <summary>
        <Icon name="share" size={18} /> {t.share}
      </summary>
      <ul>
        {shareLinks(url, title).map((link) => (
          <li key={link.name}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${t.shareOn} ${link.name}`}
            >
              <Icon name={link.icon} size={18} />
              <span>{link.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
