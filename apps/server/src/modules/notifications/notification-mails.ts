// The notification mails, in Arabic then English (the newsroom works in both; a user's language
// is a browser setting the server does not know). Plain text plus a small HTML alternative; every
// interpolated value is escaped.
import type { RenderedMail } from '../mail/mail-templates.ts';
import type { NotificationKind } from './notification-kinds.ts';

export interface MailedNotification {
  kind: string;
  item: string | null;
  itemType: string | null;
  actorName: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** One sentence per language: what happened. */
export function describeNotification(n: MailedNotification): { ar: string; en: string } {
  const title = text(n.details.title);
  const who = n.actorName ?? '';
  switch (n.kind as NotificationKind) {
    case 'assigned':
      return { ar: `أسند إليك ${who} «${title}».`, en: `${who} assigned you “${title}”.` };
    case 'mentioned':
      return {
        ar: `ذكرك ${who} في ملاحظة على «${title}»: ${text(n.details.excerpt)}`,
        en: `${who} mentioned you in a note on “${title}”: ${text(n.details.excerpt)}`,
      };
    case 'sent-back':
      return {
        ar: `أعاد ${who} إليك «${title}»: ${text(n.details.reason)}`,
        en: `${who} sent “${title}” back to you: ${text(n.details.reason)}`,
      };
    case 'published':
      return { ar: `نُشر «${title}».`, en: `“${title}” was published.` };
    case 'scheduled-publish-failed':
      return {
        ar: `تعذّر النشر المجدول لـ«${title}»: ${text(n.details.message)}`,
        en: `The scheduled publish of “${title}” failed: ${text(n.details.message)}`,
      };
    case 'feed-match':
      return {
        ar: `خبر جديد في التغذية «${title}» يطابق تحققك «${text(n.details.factcheckTitle)}».`,
        en: `A new feed item “${title}” matches your fact-check “${text(n.details.factcheckTitle)}”.`,
      };
    default:
      return { ar: title, en: title };
  }
}

const EDIT_PATHS: Record<string, string> = {
  factcheck: '/panel/factcheck/edit/',
  article: '/panel/article/edit/',
  feed: '/panel/feeds/edit/',
};

/** The back-office address of the notification's item. */
export function itemLink(publicUrl: string, n: Pick<MailedNotification, 'item' | 'itemType'>): string {
  const path = n.itemType && n.item ? EDIT_PATHS[n.itemType] : undefined;
  return `${publicUrl.replace(/\/$/, '')}${path ? `${path}${encodeURIComponent(n.item!)}` : '/panel/notifications'}`;
}

function render(subject: string, blocks: { ar: string[]; en: string[] }, links: string[]): RenderedMail {
  const textBody = [...blocks.ar, '', ...blocks.en, '', ...links].join('\n');
  const para = (lines: string[]) => lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  const anchors = links.map((l) => `<p><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></p>`).join('');
  return {
    subject,
    text: textBody,
    html: `<!doctype html><html lang="ar" dir="rtl"><body><div dir="rtl" lang="ar">${para(blocks.ar)}</div><div dir="ltr" lang="en">${para(blocks.en)}</div>${anchors}</body></html>`,
  };
}

export function immediateMail(args: {
  product: string;
  publicUrl: string;
  notification: MailedNotification;
}) {
  const said = describeNotification(args.notification);
  return render(`${args.product}: ${said.en}`.slice(0, 200), { ar: [said.ar], en: [said.en] }, [
    itemLink(args.publicUrl, args.notification),
  ]);
}

export function digestMail(args: {
  product: string;
  publicUrl: string;
  notifications: MailedNotification[];
}) {
  const n = args.notifications.length;
  const lines = args.notifications.map((x) => ({
    said: describeNotification(x),
    link: itemLink(args.publicUrl, x),
  }));
  return render(
    `${args.product}: ${n} notification${n === 1 ? '' : 's'} today`,
    {
      ar: ['ملخص اليوم:', ...lines.map((l) => `• ${l.said.ar} ${l.link}`)],
      en: ['Your daily digest:', ...lines.map((l) => `• ${l.said.en} ${l.link}`)],
    },
    [`${args.publicUrl.replace(/\/$/, '')}/panel/notifications`],
  );
}
