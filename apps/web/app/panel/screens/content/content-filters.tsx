// The filters of the content lists (spec §7: author, category, tag, topic, country, mediaSource with
// {in}, evaluation.category). They live in the address in the query language, so the dashboard's
// links (`?category=x`, `?category={exists}false`) and the controls speak the same words: one value
// is `key=a`, several are `key={in}a,b`. Each active filter shows as a removable chip.
import { Badge, Box, Button, CloseButton, Collapse, Group, MultiSelect, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { defineTexts, format, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import {
  type CategoryRecord,
  type ContentKind,
  categoriesUnder,
  useCategories,
  useCategoryName,
  useNamedRecords,
} from './content-data.ts';

export const FILTER_TEXTS = defineTexts({
  en: {
    filters: 'Filters',
    filtersCount: 'Filters ({count})',
    activeFilters: 'Active filters',
    clearFilters: 'Clear filters',
    removeFilter: 'Remove the filter {label}',
    without: 'none',
    author: 'Author',
    category: 'Rating',
    evaluation: 'Evaluation',
    tags: 'Tag',
    topic: 'Topic',
    country: 'Country',
    mediaSource: 'Media source',
    language: 'Language',
    publishedAt: 'Published',
    createdAt: 'Created',
    pickPlaceholder: 'Any',
    noOptions: 'No options',
  },
  ar: {
    filters: 'التصفية',
    filtersCount: 'التصفية ({count})',
    activeFilters: 'عوامل التصفية المفعّلة',
    clearFilters: 'إلغاء التصفية',
    removeFilter: 'إزالة عامل التصفية {label}',
    without: 'بلا قيمة',
    author: 'الكاتب',
    category: 'التقييم',
    evaluation: 'معيار التقييم',
    tags: 'الوسم',
    topic: 'الموضوع',
    country: 'الدولة',
    mediaSource: 'المصدر الإعلامي',
    language: 'اللغة',
    publishedAt: 'تاريخ النشر',
    createdAt: 'تاريخ الإنشاء',
    pickPlaceholder: 'الكل',
    noOptions: 'لا خيارات',
  },
});

type FilterText = keyof (typeof FILTER_TEXTS)['en'];

interface FilterDefinition {
  key: string;
  text: FilterText;
  options: { value: string; label: string }[];
}

/** What an address value means: a list of ids, "has no value", or something typed by hand. */
export type FilterValue = { kind: 'ids'; ids: string[] } | { kind: 'none' } | { kind: 'raw'; text: string };

export function parseFilterValue(value: string): FilterValue {
  if (/^\{exists\}false$/i.test(value)) return { kind: 'none' };
  if (value.startsWith('{in}')) {
    return {
      kind: 'ids',
      ids: value
        .slice(4)
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    };
  }
  if (/^[\w.-]+$/.test(value)) return { kind: 'ids', ids: [value] };
  return { kind: 'raw', text: value };
}

export function writeFilterValue(ids: string[]): string | undefined {
  if (ids.length === 0) return undefined;
  return ids.length === 1 ? ids[0] : `{in}${ids.join(',')}`;
}

const KEYS_BY_KIND: Record<ContentKind, { key: string; text: FilterText }[]> = {
  factcheck: [
    { key: 'author', text: 'author' },
    { key: 'category', text: 'category' },
    { key: 'evaluation.category', text: 'evaluation' },
    { key: 'tags', text: 'tags' },
    { key: 'topic', text: 'topic' },
    { key: 'country', text: 'country' },
    { key: 'mediaSource', text: 'mediaSource' },
  ],
  article: [
    { key: 'author', text: 'author' },
    { key: 'tags', text: 'tags' },
    { key: 'topic', text: 'topic' },
    { key: 'country', text: 'country' },
  ],
};

export const LANGUAGE_LABELS = {
  en: { ar: 'Arabic', en: 'English', tr: 'Turkish' },
  ar: { ar: 'العربية', en: 'الإنجليزية', tr: 'التركية' },
} as const;

/** The filter definitions of a kind with their options (loaded once, cached). */
export function useFilterDefinitions(kind: ContentKind): FilterDefinition[] {
  const categories = useCategories();
  const authors = useNamedRecords('author');
  const mediaSources = useNamedRecords('media-source', kind === 'factcheck');
  const name = useCategoryName();
  const asOptions = (records: CategoryRecord[]) => records.map((c) => ({ value: c._id, label: name(c) }));
  const criteria = categoriesUnder(categories.data, 'criteria', 1);
  const optionsOf: Record<string, { value: string; label: string }[]> = {
    author: (authors.data ?? []).map((a) => ({ value: a._id, label: a.name })),
    category: asOptions(criteria),
    'evaluation.category': criteria.map((parent) => ({
      group: name(parent),
      items: asOptions(categoriesUnder(categories.data, `criteria/${parent._id}`, 1)),
    })) as never,
    tags: asOptions(categoriesUnder(categories.data, 'tag')),
    topic: asOptions(categoriesUnder(categories.data, 'topic')),
    country: asOptions(categoriesUnder(categories.data, 'country')),
    mediaSource: (mediaSources.data ?? []).map((m) => ({ value: m._id, label: m.name })),
  };
  return KEYS_BY_KIND[kind].map(({ key, text }) => ({ key, text, options: optionsOf[key] ?? [] }));
}

function optionLabel(definition: FilterDefinition | undefined, id: string): string {
  for (const option of definition?.options ?? []) {
    const group = option as unknown as { items?: { value: string; label: string }[] };
    if (group.items) {
      const found = group.items.find((item) => item.value === id);
      if (found) return found.label;
    } else if (option.value === id) return option.label;
  }
  return id;
}

interface FiltersProps {
  kind: ContentKind;
  filters: Record<string, string>;
  onChange(filters: Record<string, string>): void;
}

/** The "Filters" button, the panel of pick lists it opens, and the chips of the active filters. */
export function ContentFilters({ kind, filters, onChange }: FiltersProps) {
  const t = useTexts(FILTER_TEXTS);
  const { language } = usePanelLanguage();
  const definitions = useFilterDefinitions(kind);
  const [opened, setOpened] = useState(false);
  const active = Object.entries(filters);
  const setKey = (key: string, value: string | undefined) => {
    const next = { ...filters };
    if (value === undefined) delete next[key];
    else next[key] = value;
    onChange(next);
  };
  const labelOf = (key: string): string => {
    const definition = definitions.find((d) => d.key === key);
    if (definition) return t[definition.text];
    if (key === 'language' || key === 'publishedAt' || key === 'createdAt') return t[key];
    return key;
  };
  const chipText = (key: string, value: string): string => {
    const definition = definitions.find((d) => d.key === key);
    const parsed = parseFilterValue(value);
    const label = labelOf(key);
    const between = /^\{btw\}(\d+),(\d+)$/.exec(value);
    if (between) {
      const day = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SY-u-nu-latn' : 'en-GB', {
        dateStyle: 'medium',
      });
      return `${label}: ${day.formatRange(new Date(Number(between[1])), new Date(Number(between[2])))}`;
    }
    if (parsed.kind === 'none') return `${label}: ${t.without}`;
    if (parsed.kind === 'raw') return `${label}: ${parsed.text}`;
    const names =
      key === 'language'
        ? parsed.ids.map((id) => LANGUAGE_LABELS[language][id as 'ar'] ?? id)
        : parsed.ids.map((id) => optionLabel(definition, id));
    return `${label}: ${names.join(language === 'ar' ? '، ' : ', ')}`;
  };

  const panelId = `content-filters-${kind}`;
  return (
    <>
      <Button
        variant={opened ? 'light' : 'default'}
        size="sm"
        onClick={() => setOpened((value) => !value)}
        aria-expanded={opened}
        aria-controls={panelId}
        data-testid="filters-toggle"
      >
        {active.length ? format(t.filtersCount, { count: active.length }) : t.filters}
      </Button>
      <Box style={{ flexBasis: '100%' }}>
        <Collapse expanded={opened} id={panelId} keepMounted={false}>
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
            spacing="sm"
            pb="xs"
            data-testid="filters-panel"
          >
            {definitions.map((definition) => {
              const parsed = filters[definition.key] ? parseFilterValue(filters[definition.key]!) : null;
              const value = parsed?.kind === 'ids' ? parsed.ids : [];
              return (
                <MultiSelect
                  key={definition.key}
                  label={t[definition.text]}
                  placeholder={value.length ? undefined : t.pickPlaceholder}
                  data={definition.options}
                  value={value}
                  onChange={(ids) => setKey(definition.key, writeFilterValue(ids))}
                  searchable
                  clearable
                  nothingFoundMessage={t.noOptions}
                  comboboxProps={{ withinPortal: true }}
                  data-filter={definition.key}
                />
              );
            })}
          </SimpleGrid>
        </Collapse>
        {active.length ? (
          <Group gap="xs" mt={4} aria-label={t.activeFilters} role="group" data-testid="active-filters">
            {active.map(([key, value]) => {
              const text = chipText(key, value);
              return (
                <Badge
                  key={key}
                  size="lg"
                  variant="light"
                  tt="none"
                  fw={500}
                  pe={4}
                  maw="100%"
                  data-filter-chip={key}
                  rightSection={
                    <CloseButton
                      size="sm"
                      variant="transparent"
                      c="inherit"
                      aria-label={format(t.removeFilter, { label: text })}
                      onClick={() => setKey(key, undefined)}
                    />
                  }
                >
                  {text}
                </Badge>
              );
            })}
            <Button variant="subtle" size="compact-sm" onClick={() => onChange({})}>
              {t.clearFilters}
            </Button>
          </Group>
        ) : null}
      </Box>
    </>
  );
}
