// The security log's event types (apps/server audit.service.ts AUDIT_TYPES) in words.
import type { PanelLanguage } from '../../i18n/i18n.tsx';

export const AUDIT_EVENT_NAMES: Record<string, Record<PanelLanguage, string>> = {
  'sign-in': { en: 'Signed in', ar: 'سجّل الدخول' },
  'sign-in-failed': { en: 'Failed sign-in', ar: 'محاولة دخول فاشلة' },
  lockout: { en: 'Account locked after failed sign-ins', ar: 'قُفل الحساب بعد محاولات دخول فاشلة' },
  'refresh-reuse': { en: 'Session token reused: session ended', ar: 'أُعيد استخدام رمز جلسة فأُنهيت الجلسة' },
  'sessions-ended': { en: 'Ended sessions', ar: 'أنهى جلسات' },
  'account-attacked': {
    en: 'Account under attack: owner alerted',
    ar: 'هجوم على حساب: نُبّه صاحبه',
  },
  impersonate: { en: 'Started acting as a user', ar: 'بدأ التصرّف باسم مستخدم' },
  unimpersonate: { en: 'Stopped acting as a user', ar: 'أنهى التصرّف باسم مستخدم' },
  signup: { en: 'Created a user', ar: 'أنشأ مستخدمًا' },
  'user-change': { en: 'Changed a user', ar: 'عدّل بيانات مستخدم' },
  'role-change': { en: "Changed a user's roles", ar: 'غيّر أدوار مستخدم' },
  'role-create': { en: 'Created a role', ar: 'أنشأ دورًا' },
  'role-update': { en: 'Changed a role', ar: 'عدّل دورًا' },
  'role-delete': { en: 'Deleted a role', ar: 'حذف دورًا' },
  'permission-change': { en: 'Changed permissions', ar: 'عدّل الصلاحيات' },
  'password-reset': { en: 'Reset a password', ar: 'أعاد تعيين كلمة مرور' },
  ban: { en: 'Banned a user', ar: 'حظر مستخدمًا' },
  unban: { en: 'Unbanned a user', ar: 'رفع الحظر عن مستخدم' },
  delete: { en: 'Deleted content', ar: 'حذف محتوى' },
  publish: { en: 'Published content', ar: 'نشر محتوى' },
  unpublish: { en: 'Unpublished content', ar: 'ألغى نشر محتوى' },
  'status-change': { en: 'Changed the status of content', ar: 'غيّر حالة محتوى' },
  'scheduled-publish-failed': { en: 'Scheduled publish refused', ar: 'تعذّر النشر المجدول' },
  'workflow-settings-change': { en: 'Changed the workflow settings', ar: 'عدّل إعدادات سير العمل' },
  correction: { en: 'Added a correction', ar: 'أضاف تصحيحًا' },
  'second-factor-change': { en: 'Changed two-factor sign-in', ar: 'غيّر التحقق بخطوتين' },
};

export const AUDIT_EVENT_TYPES = Object.keys(AUDIT_EVENT_NAMES);

export const eventName = (type: string, language: PanelLanguage): string =>
  AUDIT_EVENT_NAMES[type]?.[language] ?? type;

/** The day range of the address (yyyy-mm-dd, local days) as the query language's inclusive range. */
export function dayRangeFilter(from: string | undefined, to: string | undefined): string | undefined {
  const day = (text: string | undefined, end: boolean) => {
    if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
    const [y, m, d] = text.split('-').map(Number) as [number, number, number];
    const date = end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d, 0, 0, 0, 0);
    return date.toISOString();
  };
  const start = day(from, false);
  const end = day(to, true);
  if (start && end) return `{btw}${start},${end}`;
  if (start) return `{gte}${start}`;
  if (end) return `{lte}${end}`;
  return undefined;
}
