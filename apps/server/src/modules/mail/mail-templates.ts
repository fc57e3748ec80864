// The mails the identity module sends, in Arabic (default) and English. Plain text plus a small
// HTML alternative; every interpolated value is escaped.
export type MailLanguage = 'ar' | 'en';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function render(language: MailLanguage, subject: string, lines: string[], link?: string): RenderedMail {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const text = [...lines, ...(link ? ['', link] : [])].join('\n');
  const body = lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  const anchor = link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : '';
  return {
    subject,
    text,
    html: `<!doctype html><html lang="${language}" dir="${dir}"><body>${body}${anchor}</body></html>`,
  };
}

export function forgotPasswordMail(args: {
  language: MailLanguage;
  product: string;
  name: string;
  link: string;
  validMinutes: number;
}): RenderedMail {
  if (args.language === 'en') {
    return render(
      'en',
      `${args.product}: reset your password`,
      [
        `Hello ${args.name},`,
        `Someone asked to reset the password of your ${args.product} account. Open the link below within ${args.validMinutes} minutes to choose a new one.`,
        'If it was not you, ignore this message: your password stays as it is.',
      ],
      args.link,
    );
  }
  return render(
    'ar',
    `${args.product}: إعادة تعيين كلمة المرور`,
    [
      `مرحباً ${args.name}،`,
      `طلب أحدهم إعادة تعيين كلمة المرور لحسابك في ${args.product}. افتح الرابط أدناه خلال ${args.validMinutes} دقيقة لاختيار كلمة مرور جديدة.`,
      'إن لم تكن أنت صاحب الطلب فتجاهل هذه الرسالة، وستبقى كلمة مرورك كما هي.',
    ],
    args.link,
  );
}

export function verificationMail(args: {
  language: MailLanguage;
  product: string;
  code: string;
  validMinutes: number;
}): RenderedMail {
  if (args.language === 'en') {
    return render('en', `${args.product}: your verification code`, [
      `Your ${args.product} verification code is ${args.code}.`,
      `It is valid for ${args.validMinutes} minutes. Do not share it with anyone.`,
    ]);
  }
  return render('ar', `${args.product}: رمز التحقق`, [
    `رمز التحقق الخاص بك في ${args.product} هو ${args.code}.`,
    `صالح لمدة ${args.validMinutes} دقيقة. لا تشاركه مع أحد.`,
  ]);
}

/** `ar` unless the caller asked for English (body `language`/`lang`, or Accept-Language). */
export function mailLanguage(requested: unknown): MailLanguage {
  return typeof requested === 'string' && requested.toLowerCase().startsWith('en') ? 'en' : 'ar';
}
