// Category records carry one (Arabic) name. The demo taxonomy's English and Turkish names live here,
// keyed by category id; a category missing from the map shows its stored name in every language.
import type { Language } from './language.ts';

const EN: Record<string, string> = {
  criteria: 'Ratings',
  fraud: 'False',
  'fabricated-content': 'Fabricated content',
  'manipulated-image': 'Manipulated image',
  'impostor-content': 'Impostor content',
  confounding: 'Misleading',
  'out-of-context': 'Out of context',
  'partly-false': 'Partly false',
  'misleading-title': 'Misleading headline',
  futility: 'Baseless',
  satire: 'Satire',
  unproven: 'Unproven',
  confirmed: 'True',
  true: 'Accurate',
  'accurate-quote': 'Accurate quote',
  topic: 'Topics',
  politics: 'Politics',
  economy: 'Economy',
  health: 'Health',
  humanitarian: 'Humanitarian',
  military: 'Military and security',
  refugees: 'Refugees',
  society: 'Society',
  technology: 'Technology',
  tag: 'Tags',
  featured: "Editor's picks",
  slide: 'Slider',
  'most-read': 'Most read',
  country: 'Countries',
  syria: 'Syria',
  turkey: 'Turkey',
  lebanon: 'Lebanon',
  jordan: 'Jordan',
  iraq: 'Iraq',
  germany: 'Germany',
  egypt: 'Egypt',
  russia: 'Russia',
};

const TR: Record<string, string> = {
  criteria: 'Derecelendirmeler',
  fraud: 'Yanlış',
  'fabricated-content': 'Uydurma içerik',
  'manipulated-image': 'Değiştirilmiş görsel',
  'impostor-content': 'Taklit içerik',
  confounding: 'Yanıltıcı',
  'out-of-context': 'Bağlamından koparılmış',
  'partly-false': 'Kısmen yanlış',
  'misleading-title': 'Yanıltıcı başlık',
  futility: 'Dayanaksız',
  satire: 'Hiciv',
  unproven: 'Kanıtlanmamış',
  confirmed: 'Doğru',
  true: 'Doğru',
  'accurate-quote': 'Doğru alıntı',
  topic: 'Konular',
  politics: 'Siyaset',
  economy: 'Ekonomi',
  health: 'Sağlık',
  humanitarian: 'İnsani yardım',
  military: 'Askeri ve güvenlik',
  refugees: 'Mülteciler',
  society: 'Toplum',
  technology: 'Teknoloji',
  tag: 'Etiketler',
  featured: 'Editörün seçimleri',
  slide: 'Kaydırıcı',
  'most-read': 'En çok okunanlar',
  country: 'Ülkeler',
  syria: 'Suriye',
  turkey: 'Türkiye',
  lebanon: 'Lübnan',
  jordan: 'Ürdün',
  iraq: 'Irak',
  germany: 'Almanya',
  egypt: 'Mısır',
  russia: 'Rusya',
};

/** English meanings of the demo ratings, for the methodology table and rating blocks (Turkish uses them too). */
const EN_DESCRIPTIONS: Record<string, string> = {
  fraud:
    'A fabricated claim, or content deliberately forged, with no basis in any real event. We use this rating when the evidence shows the content was made to deceive the public.',
  'fabricated-content':
    'A story, statement or document with no origin at all, made up entirely and attributed to a person or body that never issued anything like it.',
  'manipulated-image':
    'A photo or video altered with editing software or generative tools to change its meaning or add elements that were not there.',
  'impostor-content':
    'Content that impersonates a news organisation or an official body by copying its logo, design or account name.',
  confounding:
    'A claim with true elements, presented in a way that leads to a false conclusion: cut short, or taken out of its time or place.',
  'out-of-context':
    'A genuine photo, video or statement re-shared as if it belonged to another event, time or place.',
  'partly-false':
    'A claim that mixes accurate information with false or exaggerated details, so that it cannot be considered true as a whole.',
  'misleading-title':
    'A headline or caption that gives a story a meaning its body or original source does not support.',
  futility:
    'A claim resting on no verifiable evidence, or satire circulated as fact. Its promoters offered no source, and nothing we found confirms it.',
  satire: 'Content first published as satire or a joke, then shared by users as serious news.',
  unproven:
    'A claim whose publishers offered no source or evidence, and which nothing in the available sources confirms.',
  confirmed: 'A claim that the available evidence and reliable sources confirm.',
  true: 'The claim is accurate and matches what the primary sources say.',
  'accurate-quote': 'The quoted words were really said or written by the person they are attributed to.',
};

export function categoryName(category: { _id: string; name?: unknown }, language: Language): string {
  const stored = typeof category.name === 'string' ? category.name : category._id;
  if (language === 'en') return EN[category._id] ?? stored;
  if (language === 'tr') return TR[category._id] ?? EN[category._id] ?? stored;
  return stored;
}

export function categoryDescription(
  category: { _id: string; description?: unknown },
  language: Language,
): string {
  const stored = typeof category.description === 'string' ? category.description : '';
  if (language === 'ar') return stored;
  return EN_DESCRIPTIONS[category._id] ?? stored;
}
