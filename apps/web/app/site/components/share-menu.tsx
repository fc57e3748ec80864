import { COPY_LINK_ATTRIBUTE } from '../enhance/markers.ts';
import { useMessages } from '../i18n/use-language.ts';
import type { IconName } from './icons.tsx';
import { Icon } from './icons.tsx';

// The messaging apps Syrian readers share in come first (issue 36 §2).
const TARGETS: { icon: IconName; name: string; href: (url: string, text: string) => string }[] = [
  { icon: 'whatsapp', name: 'WhatsApp', href: (u, t) => `https://wa.me/?text=${t}%20${u}` },
  { icon: 'telegram', name: 'Telegram', href: (u, t) => `https://t.me/share/url?url=${u}&text=${t}` },
  { icon: 'facebook', name: 'Facebook', href: (u) => `https://www.facebook.com/sharer/sharer.php?u=${u}` },
  { icon: 'x', name: 'X', href: (u, t) => `https://x.com/intent/tweet?url=${u}&text=${t}` },
  {
    icon: 'linkedin',
    name: 'LinkedIn',
    href: (u) => `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
  },
  { icon: 'reddit', name: 'Reddit', href: (u, t) => `https://www.reddit.com/submit?url=${u}&title=${t}` },
];

/** The share links, with `text` (a fact-check's "verdict: claim") prefilled where the target takes it. */
export function shareLinks(url: string, text: string): { name: string; icon: IconName; href: string }[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return TARGETS.map((target) => ({ name: target.name, icon: target.icon, href: target.href(u, t) }));
}

/**
 * Plain links (no share scripts), so they work without JavaScript; "copy link" copies with the
 * site script and is the page's own address without (a long press copies it).
 */
export function ShareMenu({ url, text }: { url: string; text: string }) {
  const t = useMessages();
  return (
    <details className="share-menu">
      <summary>
        <Icon name="share" size={18} /> {t.share}
      </summary>
      <ul>
        {shareLinks(url, text).map((link) => (
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
        <li>
          <a href={url} {...{ [COPY_LINK_ATTRIBUTE]: t.linkCopied }}>
            <Icon name="link" size={18} />
            <span aria-live="polite">{t.copyLink}</span>
          </a>
        </li>
      </ul>
    </details>
  );
}
