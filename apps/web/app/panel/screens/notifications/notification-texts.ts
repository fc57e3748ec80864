// The notifications' words (issue 35 §3): the bell, the list, the mail settings; Arabic and English.
import { defineTexts, format } from '../../i18n/i18n.tsx';

export const NOTIFICATION_TEXTS = defineTexts({
  en: {
    title: 'Notifications',
    bell: 'Notifications',
    bellUnread: 'Notifications, {count} unread',
    empty: 'No notifications yet.',
    markAllRead: 'Mark all as read',
    markRead: 'Mark as read',
    markUnread: 'Mark as unread',
    seeAll: 'See all notifications',
    unreadOnly: 'Unread only',
    unread: 'Unread',
    assigned: 'You were assigned “{title}”',
    mentioned: 'You were mentioned in a note on “{title}”',
    'sent-back': '“{title}” was sent back to you',
    published: 'Your item “{title}” was published',
    'scheduled-publish-failed': 'The scheduled publish of “{title}” failed',
    'feed-match': 'A new feed item “{title}” matches your fact-check “{factcheckTitle}”',
    settingsTitle: 'Notification e-mails',
    settingsIntro: 'For each kind of notification: an e-mail at once, one daily digest, or none.',
    settingsSaved: 'Notification settings saved',
    modeOff: 'No e-mail',
    modeImmediate: 'At once',
    modeDigest: 'Daily digest',
    'kind-assigned': 'You were assigned an item',
    'kind-mentioned': 'You were mentioned in a note',
    'kind-sent-back': 'An item was sent back to you',
    'kind-published': 'Your item was published',
    'kind-scheduled-publish-failed': 'A scheduled publish failed',
    'kind-feed-match': 'A feed item matches your fact-check',
    previous: 'Previous page',
    next: 'Next page',
  },
  ar: {
    title: 'الإشعارات',
    bell: 'الإشعارات',
    bellUnread: 'الإشعارات، {count} غير مقروءة',
    empty: 'لا إشعارات بعد.',
    markAllRead: 'تعليم الكل كمقروء',
    markRead: 'تعليم كمقروء',
    markUnread: 'تعليم كغير مقروء',
    seeAll: 'كل الإشعارات',
    unreadOnly: 'غير المقروءة فقط',
    unread: 'غير مقروء',
    assigned: 'أُسند إليك «{title}»',
    mentioned: 'ذُكرت في ملاحظة على «{title}»',
    'sent-back': 'أُعيد إليك «{title}»',
    published: 'نُشر «{title}»',
    'scheduled-publish-failed': 'تعذّر النشر المجدول لـ«{title}»',
    'feed-match': 'خبر جديد في التغذية «{title}» يطابق تحققك «{factcheckTitle}»',
    settingsTitle: 'رسائل الإشعارات بالبريد',
    settingsIntro: 'لكل نوع من الإشعارات: رسالة فورية، أو ملخص يومي واحد، أو لا شيء.',
    settingsSaved: 'حُفظت إعدادات الإشعارات',
    modeOff: 'بلا بريد',
    modeImmediate: 'فوراً',
    modeDigest: 'ملخص يومي',
    'kind-assigned': 'أُسند إليك عنصر',
    'kind-mentioned': 'ذُكرت في ملاحظة',
    'kind-sent-back': 'أُعيد إليك عنصر',
    'kind-published': 'نُشر عنصر لك',
    'kind-scheduled-publish-failed': 'تعذّر نشر مجدول',
    'kind-feed-match': 'خبر في التغذية يطابق تحققك',
    previous: 'الصفحة السابقة',
    next: 'الصفحة التالية',
  },
});
export type NotificationTexts = (typeof NOTIFICATION_TEXTS)['en'];

export const NOTIFICATION_KINDS = [
  'assigned',
  'mentioned',
  'sent-back',
  'published',
  'scheduled-publish-failed',
  'feed-match',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface PanelNotification {
  _id: string;
  kind: string;
  item: string | null;
  itemType: string | null;
  actor: string | null;
  details: Record<string, unknown>;
  read: boolean;
  createdAt: string;
}

/** The notification's sentence in the interface language. */
export function describe(t: NotificationTexts, n: PanelNotification): string {
  const template = (NOTIFICATION_KINDS as readonly string[]).includes(n.kind)
    ? t[n.kind as NotificationKind]
    : '{title}';
  return format(template, {
    title: String(n.details.title ?? ''),
    factcheckTitle: String(n.details.factcheckTitle ?? ''),
  });
}

/** Where a notification leads: its item's editor, or the list of notifications. */
export function linkOf(n: PanelNotification): string {
  if (!n.item || !n.itemType) return '/panel/notifications';
  const id = encodeURIComponent(n.item);
  if (n.itemType === 'feed') return `/panel/feeds/edit/${id}`;
  return `/panel/${n.itemType}/edit/${id}`;
}
