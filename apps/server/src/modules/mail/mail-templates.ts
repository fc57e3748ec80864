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

/** Where and when a sign-in happened, as the alerts tell it (the time in UTC, written out). */
export interface SignInPlace {
  /** ISO time of the event. */
  at: string;
  ip: string;
  browser: string;
}

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** A sign-in from a device this account had not used before (issue 34 "New-device alert"). */
export function newDeviceMail(args: {
  language: MailLanguage;
  product: string;
  name: string;
  place: SignInPlace;
  link: string;
}): RenderedMail {
  const { place } = args;
  if (args.language === 'en') {
    return render(
      'en',
      `${args.product}: a sign-in from a new device`,
      [
        `Hello ${args.name},`,
        `Your ${args.product} account was signed in to from a device it had not used before.`,
        `Time: ${when(place.at)}. Address: ${place.ip}. Browser: ${place.browser}.`,
        'If it was you, there is nothing to do. If not, sign that device out from your sessions list below and reset your password at once.',
      ],
      args.link,
    );
  }
  return render(
    'ar',
    `${args.product}: تسجيل دخول من جهاز جديد`,
    [
      `مرحباً ${args.name}،`,
      `سُجّل الدخول إلى حسابك في ${args.product} من جهاز لم يُستخدم معه من قبل.`,
      `الوقت: ${when(place.at)}. العنوان: ${place.ip}. المتصفح: ${place.browser}.`,
      'إن كنت أنت فلا شيء عليك. وإن لم تكن أنت فسجّل خروج ذلك الجهاز من قائمة جلساتك عبر الرابط أدناه، وأعد تعيين كلمة المرور فوراً.',
    ],
    args.link,
  );
}

/** Someone is guessing this account's password (issue 34, weakness 8): once per lockout window. */
export function accountAttackedMail(args: {
  language: MailLanguage;
  product: string;
  name: string;
  place: SignInPlace;
  failures: number;
  lockMinutes: number;
  link: string;
}): RenderedMail {
  const { place } = args;
  if (args.language === 'en') {
    return render(
      'en',
      `${args.product}: someone is trying to sign in to your account`,
      [
        `Hello ${args.name},`,
        `${args.failures} wrong passwords were tried on your ${args.product} account, the last at ${when(place.at)} from the address ${place.ip} (${place.browser}).`,
        `That address is locked out of your account for ${args.lockMinutes} minutes. You can still sign in from your own devices.`,
        'If it was not you, keep your password to yourself, set up a second factor on your profile, and check your sessions list below.',
      ],
      args.link,
    );
  }
  return render(
    'ar',
    `${args.product}: أحدهم يحاول الدخول إلى حسابك`,
    [
      `مرحباً ${args.name}،`,
      `جُرّبت ${args.failures} كلمات مرور خاطئة على حسابك في ${args.product}، آخرها في ${when(place.at)} من العنوان ${place.ip} (${place.browser}).`,
      `مُنع ذلك العنوان من الدخول إلى حسابك لمدة ${args.lockMinutes} دقيقة، وما زال بإمكانك الدخول من أجهزتك.`,
      'إن لم تكن أنت فلا تُطلع أحداً على كلمة مرورك، وفعّل عاملاً ثانياً للتحقق من ملفك الشخصي، وراجع قائمة جلساتك عبر الرابط أدناه.',
    ],
    args.link,
  );
}

/** One mail in both languages, Arabic first (an alert goes out before we know the reader's). */
export function bilingualMail(ar: RenderedMail, en: RenderedMail): RenderedMail {
  const body = (html: string) => /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
  return {
    subject: `${ar.subject} | ${en.subject}`,
    text: `${ar.text}\n\n----\n\n${en.text}`,
    html: `<!doctype html><html lang="ar"><body><div dir="rtl" lang="ar">${body(ar.html)}</div><hr><div dir="ltr" lang="en">${body(en.html)}</div></body></html>`,
  };
}

/** `ar` unless the caller asked for English (body `language`/`lang`, or Accept-Language). */
export function mailLanguage(requested: unknown): MailLanguage {
  return typeof requested === 'string' && requested.toLowerCase().startsWith('en') ? 'en' : 'ar';
}
