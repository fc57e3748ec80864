// The text of the static pages, in Arabic and English (Turkish pages show the English text with
// Turkish interface strings). Server-only: a page's loader sends just its own text, in one language.
import type { Language } from '../i18n/language.ts';

export interface StaticSection {
  heading?: string;
  paragraphs: string[];
  list?: string[];
}

export interface StaticPage {
  title: string;
  lead: string;
  sections: StaticSection[];
}

export const STATIC_PAGE_SLUGS = [
  'about-us',
  'our-vision',
  'our-message',
  'tabayyun-story',
  'organizational-structure',
  'vision',
  'message',
  'partners',
  'window-to-verify',
  'methodology',
  'correction-and-complaints-policy',
  'privacy-policy',
  'editorial-and-publication-policy',
] as const;
export type StaticPageSlug = (typeof STATIC_PAGE_SLUGS)[number];

type Bilingual = Record<'ar' | 'en', StaticPage>;

const VISION: Bilingual = {
  ar: {
    title: 'رؤيتنا',
    lead: 'مجتمع سوري يصل إلى المعلومة الصحيحة، ويملك الأدوات التي تمكّنه من التمييز بين الخبر والشائعة.',
    sections: [
      {
        paragraphs: [
          'نؤمن بأن المعلومة الدقيقة حق عام، وبأن القرارات التي يتخذها الناس في حياتهم اليومية، من السفر والعمل إلى الصحة والتعليم، تصبح أكثر أماناً حين تقوم على معلومات جرى التحقق منها.',
          'نريد أن يصبح التحقق عادة لدى القارئ قبل أن يكون مهنة لدى الصحفي، وأن تُقاس المصداقية بالدليل لا بعدد المشاركات.',
        ],
      },
    ],
  },
  en: {
    title: 'Our vision',
    lead: 'A Syrian public that can reach accurate information and has the tools to tell news from rumour.',
    sections: [
      {
        paragraphs: [
          'We believe accurate information is a public good. The everyday decisions people make, about travel, work, health or schooling, are safer when they rest on information that has been checked.',
          'We want verification to become a reader’s habit before it is a journalist’s job, and credibility to be measured by evidence rather than by the number of shares.',
        ],
      },
    ],
  },
};

const MESSAGE: Bilingual = {
  ar: {
    title: 'رسالتنا',
    lead: 'نتحقق من الأخبار والادعاءات المتداولة عن سوريا بمنهجية معلنة، وننشر النتائج بلغة واضحة مع كل الأدلة التي اعتمدنا عليها.',
    sections: [
      {
        paragraphs: [
          'نرصد ما ينتشر على مواقع التواصل ووسائل الإعلام، ونختار للتحقق الادعاءات الأوسع انتشاراً والأكثر تأثيراً في حياة الناس، بصرف النظر عن الجهة التي تقف خلفها.',
          'نشرح في كل تقرير كيف وصلنا إلى النتيجة، ونضع بين يدي القارئ الروابط والوثائق التي تسمح له بإعادة التحقق بنفسه، ونصحح أخطاءنا علناً حين نقع فيها.',
        ],
      },
    ],
  },
  en: {
    title: 'Our mission',
    lead: 'We check news and claims about Syria with a published method, and we publish the results in plain language together with all the evidence we relied on.',
    sections: [
      {
        paragraphs: [
          'We monitor social media and news outlets and choose the claims that spread most widely and weigh most on people’s lives, whoever is behind them.',
          'Every report explains how we reached its conclusion and gives readers the links and documents they need to check it again themselves. When we get something wrong, we correct it in public.',
        ],
      },
    ],
  },
};

const PAGES: Record<
  Exclude<StaticPageSlug, 'vision' | 'message' | 'our-vision' | 'our-message'>,
  Bilingual
> = {
  'about-us': {
    ar: {
      title: 'من نحن',
      lead: 'تبيَّن منصة سورية مستقلة غير ربحية للتحقق من الأخبار، تأسست عام 2016، وهي معتمدة لدى شبكة دولية للتحقق من المعلومات.',
      sections: [
        {
          heading: 'ما الذي نفعله',
          paragraphs: [
            'نتحقق من الصور والفيديوهات والتصريحات والوثائق المتداولة عن الشأن السوري، وننشر تقارير تشرح الادعاء، وما وجدناه، والتقييم الذي نمنحه له وفق معايير معلنة.',
            'إلى جانب التحقق، ننشر أدلة عملية ومقالات تشرح أساليب التضليل الشائعة، لنساعد القراء على التحقق بأنفسهم.',
          ],
        },
        {
          heading: 'فريقنا',
          paragraphs: [
            'يعمل في تبيَّن فريق من اثني عشر صحفياً ومحرراً وباحثاً داخل سوريا وخارجها، يجمعهم الالتزام بالدقة والحياد. يراجع كل تقرير محرر ثانٍ على الأقل قبل النشر.',
          ],
        },
        {
          heading: 'استقلاليتنا',
          paragraphs: [
            'لا نتبع أي حكومة أو حزب أو جهة عسكرية، ولا نقبل تمويلاً مشروطاً بالتأثير في ما ننشره. نعلن مصادر تمويلنا وشركاءنا، ونطبق المعايير نفسها على كل الأطراف.',
          ],
        },
      ],
    },
    en: {
      title: 'About us',
      lead: 'Tabayyun is an independent, non-profit Syrian fact-checking platform, founded in 2016 and accredited by an international fact-checking network.',
      sections: [
        {
          heading: 'What we do',
          paragraphs: [
            'We check photos, videos, statements and documents circulating about Syria, and publish reports that set out the claim, what we found, and the rating we give it under published criteria.',
            'Alongside fact-checks we publish practical guides and explainers on common disinformation techniques, so that readers can check for themselves.',
          ],
        },
        {
          heading: 'Our team',
          paragraphs: [
            'Tabayyun is run by a team of twelve journalists, editors and researchers inside and outside Syria, bound by a commitment to accuracy and impartiality. At least one second editor reviews every report before it is published.',
          ],
        },
        {
          heading: 'Our independence',
          paragraphs: [
            'We are not affiliated with any government, party or armed group, and we accept no funding that comes with conditions on what we publish. We disclose our funders and partners and apply the same standards to every side.',
          ],
        },
      ],
    },
  },
  'tabayyun-story': {
    ar: {
      title: 'قصة تبيَّن',
      lead: 'بدأت تبيَّن عام 2016 مبادرةً صغيرة لصحفيين سوريين أرهقهم سيل الشائعات، وصارت اليوم غرفة أخبار متخصصة في التحقق.',
      sections: [
        {
          heading: 'البداية',
          paragraphs: [
            'في عام 2016 كانت الصور القديمة والوثائق المزورة تنتشر أسرع من أي تصحيح. اجتمع عدد من الصحفيين السوريين على فكرة بسيطة: أن يتحققوا مما يصلهم قبل نشره، وأن يشاركوا الجمهور ما يجدونه.',
          ],
        },
        {
          heading: 'النمو',
          paragraphs: [
            'مع الوقت تحولت المبادرة إلى منصة لها منهجية مكتوبة وسياسة تصحيح معلنة وفريق تحرير متفرغ، ونالت اعتماد شبكة دولية للتحقق من المعلومات بعد تقييم مستقل لعملها.',
            'نشرنا منذ ذلك الحين آلاف التحققات، ودرّبنا صحفيين ومتطوعين على أدوات البحث المفتوح، وأطلقنا صفحات باللغتين الإنكليزية والتركية لنصل إلى جمهور أوسع.',
          ],
        },
      ],
    },
    en: {
      title: 'The Tabayyun story',
      lead: 'Tabayyun began in 2016 as a small initiative of Syrian journalists worn down by a flood of rumours. Today it is a newsroom dedicated to verification.',
      sections: [
        {
          heading: 'The beginning',
          paragraphs: [
            'In 2016 old photos and forged documents spread faster than any correction. A few Syrian journalists came together around a simple idea: check what reaches them before passing it on, and share what they find with the public.',
          ],
        },
        {
          heading: 'Growing up',
          paragraphs: [
            'Over time the initiative became a platform with a written methodology, a public corrections policy and a full-time editorial team, and was accredited by an international fact-checking network after an independent assessment of its work.',
            'Since then we have published thousands of fact-checks, trained journalists and volunteers in open-source research, and opened English and Turkish pages to reach a wider audience.',
          ],
        },
      ],
    },
  },
  'organizational-structure': {
    ar: {
      title: 'الهيكل التنظيمي',
      lead: 'يقوم عمل تبيَّن على فصل واضح بين الرصد والتحقق والمراجعة والنشر.',
      sections: [
        {
          paragraphs: ['يتوزع الفريق على الوحدات الآتية:'],
          list: [
            'رئاسة التحرير: تضع السياسة التحريرية وتتحمل المسؤولية النهائية عما يُنشر.',
            'إدارة التحرير وضبط الجودة: تراجع كل تقرير قبل نشره وتتابع طلبات التصحيح.',
            'وحدة الرصد: تتابع مواقع التواصل ووسائل الإعلام وتقترح الادعاءات للتحقق.',
            'وحدة التحقق: محررون متخصصون في الصور والفيديو والوثائق والبيانات.',
            'وحدة التدريب والتوعية: تنتج الأدلة العملية وتدرّب الصحفيين والمتطوعين.',
          ],
        },
      ],
    },
    en: {
      title: 'Organisational structure',
      lead: 'Tabayyun’s work rests on a clear separation between monitoring, verification, review and publication.',
      sections: [
        {
          paragraphs: ['The team is organised in these units:'],
          list: [
            'Editor-in-chief: sets the editorial policy and carries final responsibility for what is published.',
            'Managing editors and quality control: review every report before publication and handle correction requests.',
            'Monitoring: follows social media and news outlets and proposes claims to check.',
            'Verification: editors specialised in images, video, documents and data.',
            'Training and outreach: produces practical guides and trains journalists and volunteers.',
          ],
        },
      ],
    },
  },
  partners: {
    ar: {
      title: 'شركاؤنا',
      lead: 'نعمل مع منظمات صحفية وأكاديمية تشاركنا الالتزام بالمعلومة الدقيقة، دون أن يكون لأي شريك رأي في ما ننشره.',
      sections: [
        {
          paragraphs: [
            'تشمل شراكاتنا برامج تدريب مشتركة للصحفيين، وتبادل الخبرات مع منصات تحقق أخرى في المنطقة، والتعاون مع منصات التواصل في الإبلاغ عن المحتوى المضلل.',
            'نلتزم بالإفصاح عن شركائنا، ونرفض أي شراكة تمس استقلالنا التحريري.',
          ],
        },
      ],
    },
    en: {
      title: 'Our partners',
      lead: 'We work with journalism and academic organisations that share our commitment to accurate information. No partner has any say in what we publish.',
      sections: [
        {
          paragraphs: [
            'Our partnerships include joint training programmes for journalists, exchanges with other fact-checking platforms in the region, and cooperation with social media platforms on flagging misleading content.',
            'We disclose our partners and decline any partnership that would compromise our editorial independence.',
          ],
        },
      ],
    },
  },
  'window-to-verify': {
    ar: {
      title: 'نافذة للتحقق',
      lead: 'نافذة للتحقق مساحة نشرح فيها أدوات التحقق وأساليبه، لنساعد القارئ على التمهل قبل المشاركة.',
      sections: [
        {
          paragraphs: [
            'قبل أن تشارك صورة أو خبراً، اسأل: من نشره أولاً؟ متى؟ وهل نقلته مصادر أخرى مستقلة؟ هذه الأسئلة الثلاثة تكشف جزءاً كبيراً من التضليل.',
            'إذا وصلك ادعاء تشك فيه، أرسله إلينا عبر صفحة الاتصال، وسنتحقق منه إن كان ضمن نطاق عملنا.',
          ],
        },
      ],
    },
    en: {
      title: 'A window to verify',
      lead: 'A window to verify is where we explain verification tools and techniques, to help readers pause before they share.',
      sections: [
        {
          paragraphs: [
            'Before you share a photo or a story, ask: who published it first? When? Have other, independent sources reported it? These three questions expose a large part of disinformation.',
            'If a claim reaches you and you doubt it, send it to us through the contact page and we will check it if it falls within our scope.',
          ],
        },
      ],
    },
  },
  methodology: {
    ar: {
      title: 'منهجية التحقق',
      lead: 'نتبع في كل تحقق خطوات ثابتة ومعلنة، ونمنح كل ادعاء تقييماً من جدول التقييمات أدناه.',
      sections: [
        {
          heading: 'اختيار الادعاءات',
          paragraphs: [
            'نختار الادعاءات بحسب انتشارها وأثرها المحتمل في حياة الناس، ونتحقق من ادعاءات كل الأطراف بالمعايير نفسها. لا نتحقق من الآراء، بل من الوقائع القابلة للإثبات.',
          ],
        },
        {
          heading: 'البحث والتوثيق',
          paragraphs: [
            'نبحث عن المصدر الأصلي للمحتوى، ونستخدم البحث العكسي عن الصور، وتحديد المواقع الجغرافية، ومراجعة الوثائق الرسمية، والتواصل مع الجهات المعنية وشهود العيان. نحفظ نسخاً من كل دليل نعتمد عليه.',
          ],
        },
        {
          heading: 'المراجعة والنشر',
          paragraphs: [
            'يراجع محرر ثانٍ كل تقرير قبل نشره، ويتأكد من أن الأدلة تدعم التقييم. ننشر في التقرير الادعاء كما تداوله الناس، وتفنيده، والخلاصة، ومراجع التحقق.',
          ],
        },
      ],
    },
    en: {
      title: 'Methodology',
      lead: 'Every fact-check follows the same published steps, and every claim receives a rating from the table below.',
      sections: [
        {
          heading: 'Choosing claims',
          paragraphs: [
            'We choose claims by how far they spread and how much they may affect people’s lives, and we check the claims of every side by the same standards. We do not check opinions, only facts that can be proven.',
          ],
        },
        {
          heading: 'Research and documentation',
          paragraphs: [
            'We look for the original source of the content and use reverse image search, geolocation, official documents, and contact with the people and bodies concerned and with eyewitnesses. We archive every piece of evidence we rely on.',
          ],
        },
        {
          heading: 'Review and publication',
          paragraphs: [
            'A second editor reviews every report before publication and makes sure the evidence supports the rating. Each report sets out the claim as it circulated, its refutation, the conclusion and the verification references.',
          ],
        },
      ],
    },
  },
  'correction-and-complaints-policy': {
    ar: {
      title: 'سياسة التصحيح والشكاوى',
      lead: 'نخطئ أحياناً، وحين نخطئ نصحح علناً وبسرعة.',
      sections: [
        {
          heading: 'كيف تطلب تصحيحاً',
          paragraphs: [
            'أرسل إلينا عبر صفحة الاتصال رابط المادة، والمعلومة التي ترى أنها خاطئة، والدليل الذي يدعم رأيك إن وُجد. نرد على كل طلب خلال سبعة أيام عمل.',
          ],
        },
        {
          heading: 'كيف نصحح',
          paragraphs: [
            'إذا ثبت الخطأ نعدّل المادة ونضيف في أسفلها ملاحظة تبيّن ما تغير وتاريخ التعديل. وإذا غيّر التصحيح التقييم، نذكر التقييم السابق والجديد بوضوح.',
            'إذا لم تكن راضياً عن ردنا، يمكنك رفع شكوى إلى الشبكة الدولية للتحقق من المعلومات التي تعتمدنا.',
          ],
        },
      ],
    },
    en: {
      title: 'Corrections and complaints policy',
      lead: 'We sometimes get things wrong. When we do, we correct them openly and quickly.',
      sections: [
        {
          heading: 'How to request a correction',
          paragraphs: [
            'Send us, through the contact page, the link to the piece, the information you believe is wrong, and any evidence that supports your view. We answer every request within seven working days.',
          ],
        },
        {
          heading: 'How we correct',
          paragraphs: [
            'When an error is confirmed we amend the piece and add a note at its end saying what changed and when. If the correction changes the rating, we state the previous and the new rating clearly.',
            'If you are not satisfied with our answer, you can complain to the international fact-checking network that accredits us.',
          ],
        },
      ],
    },
  },
  'privacy-policy': {
    ar: {
      title: 'سياسة الخصوصية',
      lead: 'نجمع أقل قدر ممكن من البيانات، ولا نبيعها ولا نشاركها لأغراض إعلانية.',
      sections: [
        {
          heading: 'ما نجمعه',
          paragraphs: [
            'حين تراسلنا نحفظ اسمك وبريدك الإلكتروني ورسالتك لنرد عليك فقط. ونحفظ في متصفحك إعدادات المظهر وموافقتك على ملفات تعريف الارتباط وسجلاً مؤقتاً بالمواد التي قرأتها حتى لا تُحسب القراءة مرتين، ويُحذف هذا السجل بعد يومين.',
          ],
        },
        {
          heading: 'ملفات تعريف الارتباط',
          paragraphs: [
            'لا نفعّل قياس الزيارات ولا التعليقات ولا المحتوى المضمَّن من منصات التواصل قبل موافقتك. يمكنك سحب موافقتك في أي وقت بحذف بيانات الموقع من متصفحك.',
          ],
        },
      ],
    },
    en: {
      title: 'Privacy policy',
      lead: 'We collect as little data as possible, and we never sell it or share it for advertising.',
      sections: [
        {
          heading: 'What we collect',
          paragraphs: [
            'When you write to us we keep your name, email address and message only to answer you. In your browser we keep your theme setting, your cookie choice and a short-lived record of the pieces you have read, so that a read is not counted twice; that record is deleted after two days.',
          ],
        },
        {
          heading: 'Cookies',
          paragraphs: [
            'Visit measurement, comments and embedded social media content stay off until you agree. You can withdraw your consent at any time by clearing this site’s data in your browser.',
          ],
        },
      ],
    },
  },
  'editorial-and-publication-policy': {
    ar: {
      title: 'السياسة التحريرية وسياسة النشر',
      lead: 'الدقة والحياد والشفافية هي المبادئ التي تحكم كل ما ننشره.',
      sections: [
        {
          heading: 'المبادئ',
          list: [
            'نعتمد على الأدلة القابلة للتحقق، ونذكر مصادرنا بروابط مباشرة كلما أمكن.',
            'نطبق المعايير نفسها على كل الأطراف، ولا ننحاز إلى جهة سياسية أو عسكرية أو دينية.',
            'نفصل بين الخبر والرأي، ونوضح متى تكون المادة مقالاً تحليلياً.',
            'نحمي مصادرنا حين يعرّضها الكشف عن هويتها للخطر، ونشرح للقارئ سبب حجب الاسم.',
          ],
          paragraphs: [],
        },
        {
          heading: 'النشر',
          paragraphs: [
            'لا تُنشر أي مادة قبل مراجعتها من محرر ثانٍ. نتجنب نشر الصور العنيفة أو المسيئة إلا حين تكون ضرورية لفهم الادعاء، ونحجب وجوه الضحايا والقاصرين.',
          ],
        },
      ],
    },
    en: {
      title: 'Editorial and publication policy',
      lead: 'Accuracy, impartiality and transparency govern everything we publish.',
      sections: [
        {
          heading: 'Principles',
          list: [
            'We rely on verifiable evidence and cite our sources with direct links wherever we can.',
            'We apply the same standards to every side and take no political, military or religious side.',
            'We keep news and opinion apart and say when a piece is analysis.',
            'We protect sources whom disclosure would endanger, and tell readers why a name is withheld.',
          ],
          paragraphs: [],
        },
        {
          heading: 'Publication',
          paragraphs: [
            'Nothing is published before a second editor has reviewed it. We avoid violent or degrading images unless they are needed to understand the claim, and we blur the faces of victims and minors.',
          ],
        },
      ],
    },
  },
};

const ALIASES: Record<'our-vision' | 'vision' | 'our-message' | 'message', Bilingual> = {
  'our-vision': VISION,
  vision: VISION,
  'our-message': MESSAGE,
  message: MESSAGE,
};

export function isStaticPageSlug(slug: string): slug is StaticPageSlug {
  return (STATIC_PAGE_SLUGS as readonly string[]).includes(slug);
}

export function staticPage(slug: StaticPageSlug, language: Language): StaticPage {
  const page = slug in ALIASES ? ALIASES[slug as keyof typeof ALIASES] : PAGES[slug as keyof typeof PAGES];
  return language === 'ar' ? page.ar : page.en;
}
