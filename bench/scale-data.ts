// Generated archive for `npm run bench -- scale` (issue 37): published Arabic fact-checks of
// realistic length (a title of ~70 characters, a description, claims, a conclusion, and a body of
// ~2,500 characters in paragraphs), spread over the demo taxonomy's ratings, topics and countries,
// the demo authors and two years, as the lines of an import file (docs/import.md). Deterministic:
// item n is the same on every run.

const WORDS = (
  'الحكومة وزارة الصحة مستشفى مدينة حلب دمشق بيروت عمان بغداد القاهرة صورة مقطع فيديو تصريح ' +
  'بيان رسمي مصدر موثوق وكالة أنباء منصات التواصل الاجتماعي حساب منشور انتشار واسع ادعاء ' +
  'تحقق فريق التحقق أدلة أرشيف تاريخ النشر موقع جغرافي شهود عيان لاجئين مخيم مساعدات إنسانية ' +
  'انتخابات برلمان اقتصاد أسعار الوقود الخبز الكهرباء المياه الزلزال الفيضانات الطقس درجات ' +
  'الحرارة لقاح فيروس منظمة الصحة العالمية الأمم المتحدة تقرير دراسة جامعة باحثين أرقام إحصاءات ' +
  'مضلل مفبرك قديم خارج السياق معدل رقميا ترجمة خاطئة اقتباس منسوب زورا مؤتمر صحفي رئيس ' +
  'الوزراء المتحدث باسم الجيش قصف غارة معبر حدودي قافلة شاحنات مدرسة طلاب امتحانات جامعية'
).split(' ');

const RATINGS: { category: string; evaluation: string[] }[] = [
  { category: 'fraud', evaluation: ['fabricated-content', 'manipulated-image', 'impostor-content'] },
  { category: 'confounding', evaluation: ['out-of-context', 'partly-false', 'misleading-title'] },
  { category: 'futility', evaluation: ['satire', 'unproven'] },
  { category: 'confirmed', evaluation: ['true', 'accurate-quote'] },
];
const TOPICS = [
  'politics',
  'economy',
  'health',
  'humanitarian',
  'military',
  'refugees',
  'society',
  'technology',
];
const COUNTRIES = ['syria', 'turkey', 'lebanon', 'jordan', 'iraq', 'germany', 'egypt', 'russia'];
/** Two years back from this date. */
const NEWEST = Date.parse('2026-11-01T12:00:00Z');
const SPAN_MS = 2 * 365 * 24 * 3600 * 1000;

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function words(next: () => number, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(WORDS[Math.floor(next() * WORDS.length)]!);
  return out.join(' ');
}

function paragraphs(next: () => number, count: number, wordsEach: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(`<p>${words(next, wordsEach)}.</p>`);
  return out.join('\n');
}

/** The slug of generated item n (the import skips it when it exists). */
export const scaleSlug = (n: number) => `scale-${String(n).padStart(6, '0')}`;

/**
 * Fact-check n of the generated archive, as an import line's object. `authors`: the author slugs
 * to spread over. Publication times are spread at random over the two years, so a larger archive
 * interleaves with a smaller one.
 */
export function scaleFactcheck(n: number, authors: readonly string[]): Record<string, unknown> {
  const next = random(n + 1);
  const rating = RATINGS[n % RATINGS.length]!;
  const sub = rating.evaluation[Math.floor(next() * rating.evaluation.length)]!;
  const publishedAt = new Date(NEWEST - Math.floor(next() * SPAN_MS));
  const title = words(next, 9);
  return {
    slug: scaleSlug(n),
    status: 'published',
    language: 'ar',
    title: next() < 0.1 ? `${title} في حلب` : title,
    description: words(next, 30),
    claimSummary: words(next, 6).slice(0, 75),
    claims: paragraphs(next, 1, 40),
    conclusion: paragraphs(next, 1, 45),
    content: paragraphs(next, 8, 50),
    category: rating.category,
    evaluation: [{ category: sub, score: -1 }],
    topic: [TOPICS[n % TOPICS.length]!],
    country: [COUNTRIES[Math.floor(next() * COUNTRIES.length)]!],
    tags: [],
    author: authors[n % authors.length],
    images: [
      { path: `factcheck/scale-${n % 500}.jpg`, mimetype: 'image/jpeg', meta: { alt: title.slice(0, 60) } },
    ],
    createdAt: publishedAt.toISOString(),
    updatedAt: publishedAt.toISOString(),
    publishedAt: publishedAt.toISOString(),
  };
}

/** Lines from..to-1 of the generated import file. */
export function* scaleLines(from: number, to: number, authors: readonly string[]) {
  for (let n = from; n < to; n++) yield JSON.stringify(scaleFactcheck(n, authors));
}
