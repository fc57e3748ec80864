// The SEO meta of spec §3 as form fields (flat names: the engine's conditions read dotted names as
// paths), and back to the `meta` object the schema keeps (seoMeta: typed where the spec names a
// field, loose elsewhere). The twitter card and the Open Graph type each show their own group only.
import type { FieldDefinition, FileRecord } from '@tabayyun/forms';
import { formFiles } from '../feeds/desk-forms.ts';
import type { EditorTexts } from './editor-texts.ts';
import { filesForServer as storedFiles } from './files.ts';

export const TWITTER_CARDS = ['summary_large_image', 'summary', 'app', 'player'] as const;
export const OG_TYPES = [
  'website',
  'article',
  'book',
  'profile',
  'video.movie',
  'video.episode',
  'video.tv_show',
  'video.other',
  'music.song',
  'music.album',
  'music.playlist',
  'music.radio_station',
  'product',
  'place',
  'event',
  'restaurant.restaurant',
  'restaurant.menu',
  'game.achievement',
] as const;

/** Type-specific Open Graph fields, stored under `og[<group>]` (og.article.author …). */
const OG_GROUPS: Record<string, { when: string[]; fields: [key: string, label: keyof EditorTexts][] }> = {
  article: {
    when: ['article'],
    fields: [
      ['published_time', 'ogPublishedTime'],
      ['modified_time', 'ogModifiedTime'],
      ['author', 'ogAuthor'],
      ['section', 'ogSection'],
      ['tag', 'ogTag'],
    ],
  },
  book: {
    when: ['book'],
    fields: [
      ['author', 'ogAuthor'],
      ['isbn', 'ogIsbn'],
      ['release_date', 'ogReleaseDate'],
      ['tag', 'ogTag'],
    ],
  },
  profile: {
    when: ['profile'],
    fields: [
      ['first_name', 'ogFirstName'],
      ['last_name', 'ogLastName'],
      ['username', 'ogUsername'],
    ],
  },
  video: {
    when: OG_TYPES.filter((t) => t.startsWith('video.')),
    fields: [
      ['director', 'ogDirector'],
      ['duration', 'ogDuration'],
      ['release_date', 'ogReleaseDate'],
      ['tag', 'ogTag'],
    ],
  },
  music: {
    when: OG_TYPES.filter((t) => t.startsWith('music.')),
    fields: [
      ['duration', 'ogDuration'],
      ['album', 'ogAlbum'],
      ['musician', 'ogMusician'],
    ],
  },
  place: {
    when: ['place', 'restaurant.restaurant'],
    fields: [
      ['latitude', 'ogLatitude'],
      ['longitude', 'ogLongitude'],
    ],
  },
};

const TWITTER_GROUPS: Record<'app' | 'player', [key: string, label: keyof EditorTexts][]> = {
  app: [
    ['name_iphone', 'appNameIphone'],
    ['id_iphone', 'appIdIphone'],
    ['url_iphone', 'appUrlIphone'],
    ['name_googleplay', 'appNameGoogleplay'],
    ['id_googleplay', 'appIdGoogleplay'],
    ['url_googleplay', 'appUrlGoogleplay'],
    ['country', 'appCountry'],
  ],
  player: [
    ['url', 'playerUrl'],
    ['width', 'playerWidth'],
    ['height', 'playerHeight'],
    ['stream', 'playerStream'],
  ],
};

const text = (name: string, label: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  type: 'text',
  name,
  inputs: { label },
  ...extra,
});
const image = (name: string, label: string, hint?: string): FieldDefinition => ({
  type: 'file',
  name,
  inputs: {
    label,
    ...(hint ? { hint } : {}),
    destination: 'seo',
    accept: ['image/*'],
    maxFiles: 1,
    view: 'list',
  },
});
/** Shown while the field named `on` holds one of `values` (a literal list indexOf the value). */
const shownWhen = (on: string, values: readonly string[]) => [
  { on, when: ['indexOf', [...values], { path: '' }], do: 'show' as const },
];

const twitterGroupName = (group: string, key: string) => `tw_${group}_${key}`;
const ogGroupName = (group: string, key: string) => `og_${group}_${key}`;

/** The Meta Data section's fields (without the previews, which the editor adds). */
export function seoFields(t: EditorTexts): FieldDefinition[] {
  return [
    text('seo_title', t.seoTitle, { validations: [{ name: 'maxLength', arguments: 70 }] }),
    {
      type: 'textarea',
      name: 'seo_description',
      inputs: { label: t.seoDescription, rows: 2, maxRows: 4 },
      validations: [{ name: 'maxLength', arguments: 300 }],
    },
    { type: 'chips', name: 'seo_keywords', inputs: { label: t.keywords, hint: t.keywordsHint } },
    text('seo_author', t.seoAuthor),
    text('seo_canonicalUrl', t.canonicalUrl, {
      validations: [{ name: 'pattern', arguments: '^https?://\\S+$' }],
      inputs: { label: t.canonicalUrl, placeholder: 'https://' },
    }),
    image('seo_image', t.seoImage, t.seoImageHint),
    {
      type: 'select',
      name: 'tw_card',
      inputs: { label: t.twitterCard, items: TWITTER_CARDS.map((value) => ({ value, display: value })) },
    },
    text('tw_title', t.twitterTitle),
    text('tw_description', t.twitterDescription),
    text('tw_creator', t.twitterCreator, { inputs: { label: t.twitterCreator, placeholder: '@' } }),
    text('tw_site', t.twitterSite, { inputs: { label: t.twitterSite, placeholder: '@' } }),
    image('tw_image', t.twitterImage),
    text('tw_imageAlt', t.twitterImageAlt),
    ...(['app', 'player'] as const).flatMap((group) =>
      TWITTER_GROUPS[group].map(([key, label]) =>
        text(twitterGroupName(group, key), t[label], { conditions: shownWhen('tw_card', [group]) }),
      ),
    ),
    {
      type: 'select',
      name: 'og_type',
      inputs: { label: t.ogType, items: OG_TYPES.map((value) => ({ value, display: value })) },
    },
    text('og_title', t.ogTitle),
    text('og_description', t.ogDescription),
    text('og_url', t.ogUrl, { inputs: { label: t.ogUrl, placeholder: 'https://' } }),
    text('og_site_name', t.ogSiteName),
    text('og_locale', t.ogLocale, { inputs: { label: t.ogLocale, placeholder: 'en_US' } }),
    image('og_image', t.ogImage),
    ...Object.entries(OG_GROUPS).flatMap(([group, { when, fields }]) =>
      fields.map(([key, label]) =>
        text(ogGroupName(group, key), t[label], { conditions: shownWhen('og_type', when) }),
      ),
    ),
  ];
}

type Meta = Record<string, unknown>;
const obj = (value: unknown): Meta =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Meta) : {};
const str = (value: unknown): string =>
  typeof value === 'string' ? value : value == null ? '' : String(value);
const images = (value: unknown): FileRecord[] =>
  formFiles(Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : []);

/** meta → the form's flat values. */
export function seoToForm(meta: unknown): Record<string, unknown> {
  const m = obj(meta);
  const tw = obj(m.twitter);
  const og = obj(m.og);
  const values: Record<string, unknown> = {
    seo_title: str(m.title),
    seo_description: str(m.description),
    seo_keywords: Array.isArray(m.keywords)
      ? m.keywords.map(String)
      : str(m.keywords)
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean),
    seo_author: str(m.author),
    seo_canonicalUrl: str(m.canonicalUrl),
    seo_image: images(m.image),
    tw_card: typeof tw.card === 'string' ? tw.card : null,
    tw_title: str(tw.title),
    tw_description: str(tw.description),
    tw_creator: str(tw.creator),
    tw_site: str(tw.site),
    tw_image: images(tw.image),
    tw_imageAlt: str(tw.imageAlt),
    og_type: typeof og.type === 'string' ? og.type : null,
    og_title: str(og.title),
    og_description: str(og.description),
    og_url: str(og.url),
    og_site_name: str(og.site_name),
    og_locale: str(og.locale) || 'en_US',
    og_image: images(og.image),
  };
  for (const group of ['app', 'player'] as const) {
    const details = obj(tw[group]);
    for (const [key] of TWITTER_GROUPS[group]) values[twitterGroupName(group, key)] = str(details[key]);
  }
  for (const [group, { fields }] of Object.entries(OG_GROUPS)) {
    const details = obj(og[group]);
    for (const [key] of fields) values[ogGroupName(group, key)] = str(details[key]);
  }
  return values;
}

/** Drops empty strings, empty lists and empty objects; null when nothing is left. */
function compact(value: Meta): Meta | null {
  const out: Meta = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === null || v === undefined) continue;
    if (typeof v === 'string' && !v.trim()) continue;
    if (Array.isArray(v) && v.length === 0) continue;
    if (typeof v === 'object' && !Array.isArray(v)) {
      const inner = compact(v as Meta);
      if (inner) out[key] = inner;
      continue;
    }
    out[key] = typeof v === 'string' ? v.trim() : v;
  }
  return Object.keys(out).length ? out : null;
}

/**
 * The form's values → meta. Keys the form does not know (kept from the loaded record's meta) stay;
 * a group not matching the chosen card or type is left out.
 */
export function seoFromForm(values: Record<string, unknown>, previous: unknown): Meta | null {
  const old = obj(previous);
  const oldTw = obj(old.twitter);
  const oldOg = obj(old.og);
  const card = values.tw_card as string | null;
  const type = values.og_type as string | null;
  const twitter: Meta = {
    ...oldTw,
    card,
    title: values.tw_title,
    description: values.tw_description,
    creator: values.tw_creator,
    site: values.tw_site,
    image: storedFiles(values.tw_image),
    imageAlt: values.tw_imageAlt,
    app: null,
    player: null,
  };
  if (card === 'app' || card === 'player') {
    twitter[card] = Object.fromEntries(
      TWITTER_GROUPS[card].map(([key]) => [key, values[twitterGroupName(card, key)]]),
    );
  }
  const og: Meta = {
    ...oldOg,
    type,
    title: values.og_title,
    description: values.og_description,
    url: values.og_url,
    site_name: values.og_site_name,
    locale: values.og_locale,
    image: storedFiles(values.og_image),
  };
  for (const [group, { when, fields }] of Object.entries(OG_GROUPS)) {
    og[group] =
      type && when.includes(type)
        ? Object.fromEntries(fields.map(([key]) => [key, values[ogGroupName(group, key)]]))
        : null;
  }
  const keywords = Array.isArray(values.seo_keywords) ? (values.seo_keywords as unknown[]).map(String) : [];
  return compact({
    ...old,
    title: values.seo_title,
    description: values.seo_description,
    keywords,
    author: values.seo_author,
    canonicalUrl: values.seo_canonicalUrl,
    image: storedFiles(values.seo_image),
    twitter,
    og,
  });
}
