// The answer to a reader who asked "is this true?" and left an e-mail (issue 36 §1): the verdict,
// the fact-check's link and an unsubscribe link, in the language of the page they asked from.
// Plain text and a small HTML alternative; every interpolated value is escaped.
import type { RenderedMail } from '../mail/mail-templates.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Answer {
  claim: string;
  title: string;
  verdict: string | null;
  link: string;
  unsubscribe: string;
}

const TEXTS = {
  ar: {
    subject: (title: string) => `تبيَّن: نشرنا تحققاً من الادعاء الذي أرسلته — ${title}`,
    hello: 'مرحباً،',
    asked: 'سألتنا عن صحة هذا الادعاء:',
    verdict: (v: string) => `نتيجة التحقق: ${v}`,
    read: 'اقرأ التحقق كاملاً:',
    footer:
      'وصلتك هذه الرسالة لأنك تركت بريدك حين أرسلت الادعاء. لن نراسلك بشأنه مرة أخرى، ونحذف عنوانك بعد 90 يوماً. لحذفه الآن:',
  },
  en: {
    subject: (title: string) => `Tabayyun: we published a fact-check of the claim you sent — ${title}`,
    hello: 'Hello,',
    asked: 'You asked us whether this is true:',
    verdict: (v: string) => `Our verdict: ${v}`,
    read: 'Read the whole fact-check:',
    footer:
      'You get this because you left your e-mail when you sent the claim. We will not write about it again, and we delete your address after 90 days. To delete it now:',
  },
  tr: {
    subject: (title: string) => `Tabayyun: gönderdiğiniz iddianın doğrulamasını yayımladık — ${title}`,
    hello: 'Merhaba,',
    asked: 'Bize bu iddianın doğru olup olmadığını sordunuz:',
    verdict: (v: string) => `Sonuç: ${v}`,
    read: 'Doğrulamanın tamamı:',
    footer:
      'İddiayı gönderirken e-postanızı bıraktığınız için bu iletiyi alıyorsunuz. Bu konuda tekrar yazmayacağız; adresinizi 90 gün sonra sileriz. Hemen silmek için:',
  },
} as const;

export function tipAnswerMail(language: string, answer: Answer): RenderedMail {
  const t = TEXTS[language === 'en' || language === 'tr' ? language : 'ar'];
  const dir = language === 'ar' || !(language in TEXTS) ? 'rtl' : 'ltr';
  const claim = answer.claim.length > 300 ? `${answer.claim.slice(0, 299)}…` : answer.claim;
  const lines = [
    t.hello,
    t.asked,
    `«${claim}»`,
    ...(answer.verdict ? [t.verdict(answer.verdict)] : []),
    `${t.read} ${answer.title}`,
  ];
  const text = [...lines, answer.link, '', t.footer, answer.unsubscribe].join('\n');
  const html =
    `<!doctype html><html lang="${escapeHtml(language)}" dir="${dir}"><body>` +
    lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
    `<p><a href="${escapeHtml(answer.link)}">${escapeHtml(answer.link)}</a></p>` +
    `<hr><p><small>${escapeHtml(t.footer)} <a href="${escapeHtml(answer.unsubscribe)}">${escapeHtml(answer.unsubscribe)}</a></small></p>` +
    '</body></html>';
  return { subject: t.subject(answer.title), text, html };
}
