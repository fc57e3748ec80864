// The command palette (Ctrl/Cmd+K; Mantine Spotlight): jumps to every screen the user may read (the
// side menu's entries and permissions) and, as you type (250 ms pause), finds fact-checks, articles,
// feed items and, for those who may read them, users; each result opens its screen. The search box
// is a combobox over a listbox of options (arrows move, Enter opens), grouped by kind.
// `CommandPaletteButton` sits in the top bar; the shell renders `CommandPalette` once.
import { Box, Kbd, Loader, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { createSpotlight, Spotlight, useSpotlight } from '@mantine/spotlight';
import { useQueries } from '@tanstack/react-query';
import { type CSSProperties, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { defineTexts, format, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { apiClient } from '../../lib/api-client.ts';
import { apiPath, useCan } from '../../lib/permissions.ts';
import { isMenuGroup, MENU } from '../../shell/menu.ts';
import { itemPermitted } from '../../shell/side-menu.tsx';
import {
  foldText,
  MIN_SEARCH_LENGTH,
  matches,
  PALETTE_DEBOUNCE_MS,
  type ResultKind,
  SEARCH_SOURCES,
  searchParams,
} from './palette-search.ts';

export const PALETTE_TEXTS = defineTexts({
  en: {
    open: 'Search and go to',
    shortcut: 'Shortcut {keys}',
    title: 'Command palette',
    placeholder: 'Search or go to a screen…',
    searchLabel: 'Search screens and content',
    results: 'Results',
    screens: 'Screens',
    factcheck: 'Fact-checks',
    article: 'Articles',
    feed: 'Feed items',
    user: 'Users',
    nothingFound: 'Nothing found',
    searching: 'Searching…',
    hint: 'Type at least {count} letters to search the content too.',
    untitled: '(untitled)',
    statusDraft: 'Draft',
    statusReview: 'In review',
    statusPublished: 'Published',
    statusNew: 'New',
    statusArchive: 'Archived',
    searchFailed: 'The search failed: {message}',
  },
  ar: {
    open: 'ابحث وانتقل',
    shortcut: 'الاختصار {keys}',
    title: 'لوحة الأوامر',
    placeholder: 'ابحث أو انتقل إلى صفحة…',
    searchLabel: 'ابحث في الصفحات والمحتوى',
    results: 'النتائج',
    screens: 'الصفحات',
    factcheck: 'التحقّقات',
    article: 'المقالات',
    feed: 'الأخبار الواردة',
    user: 'المستخدمون',
    nothingFound: 'لا نتائج مطابقة',
    searching: 'جارٍ البحث…',
    hint: 'اكتب {count} أحرف على الأقل للبحث في المحتوى أيضاً.',
    untitled: '(بلا عنوان)',
    statusDraft: 'مسودّة',
    statusReview: 'قيد المراجعة',
    statusPublished: 'منشور',
    statusNew: 'جديد',
    statusArchive: 'مؤرشف',
    searchFailed: 'تعذّر البحث: {message}',
  },
});

type PaletteTexts = (typeof PALETTE_TEXTS)['en'];

const [paletteStore, palette] = createSpotlight();
const PALETTE_SHORTCUT = 'mod+K';

/** Marks the first option selected, as Spotlight's own arrow keys do (data-selected + index). */
function selectFirst(listId: string): void {
  const list = document.getElementById(listId);
  const options = list?.querySelectorAll<HTMLElement>('[data-action]') ?? [];
  list?.querySelector('[data-selected]')?.removeAttribute('data-selected');
  if (options.length === 0) return;
  options[0]!.setAttribute('data-selected', 'true');
  paletteStore.updateState((state) => ({ ...state, selected: 0 }));
}

/** A ref that gives the element an id. */
const setId = (id: string) => (element: HTMLElement | null) => {
  if (element) element.id = id;
};

/** Opens the palette (also Ctrl/Cmd+K). */
export const openCommandPalette = () => palette.open();

function isApple(): boolean {
  if (typeof navigator === 'undefined') return false;
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ??
    navigator.platform ??
    '';
  return /mac|iphone|ipad|ipod/i.test(platform);
}

function SearchIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/** The top bar's button: a search field look with the shortcut; an icon button on phones. */
export function CommandPaletteButton() {
  const t = useTexts(PALETTE_TEXTS);
  const [apple, setApple] = useState(false);
  useEffect(() => setApple(isApple()), []);
  const keys = apple ? '⌘K' : 'Ctrl K';
  const label = `${t.open} (${format(t.shortcut, { keys })})`;
  const shortcut = apple ? 'Meta+K' : 'Control+K';
  return (
    <>
      <UnstyledButton
        onClick={openCommandPalette}
        aria-keyshortcuts={shortcut}
        data-testid="palette-button"
        visibleFrom="sm"
        px="sm"
        h={36}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          minWidth: 200,
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          color: 'var(--mantine-color-dimmed)',
          background: 'var(--mantine-color-default)',
        }}
      >
        <SearchIcon />
        <Text span size="sm" c="dimmed" style={{ flex: 1, textAlign: 'start' }}>
          {t.open}
        </Text>
        <Kbd size="xs" dir="ltr">
          {keys}
        </Kbd>
      </UnstyledButton>
      <UnstyledButton
        onClick={openCommandPalette}
        aria-label={label}
        aria-keyshortcuts={shortcut}
        data-testid="palette-button-compact"
        hiddenFrom="sm"
        w={36}
        h={36}
        style={{
          display: 'grid',
          placeItems: 'center',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      >
        <SearchIcon />
      </UnstyledButton>
    </>
  );
}

interface PaletteEntry {
  id: string;
  label: string;
  description?: string;
  link: string;
}

interface PaletteGroup {
  key: string;
  label: string;
  entries: PaletteEntry[];
}

function statusText(t: PaletteTexts, status: unknown): string | undefined {
  switch (status) {
    case 'draft':
      return t.statusDraft;
    case 'review':
      return t.statusReview;
    case 'published':
      return t.statusPublished;
    case 'new':
      return t.statusNew;
    case 'archive':
      return t.statusArchive;
    default:
      return undefined;
  }
}

/** The screens the user may read, as the side menu names them ('Factcheck · Draft'). */
function useScreenEntries(): { entry: PaletteEntry; keywords: string[] }[] {
  const common = useTexts(COMMON_TEXTS);
  const { language } = usePanelLanguage();
  const can = useCan();
  return useMemo(() => {
    const other = COMMON_TEXTS[language === 'ar' ? 'en' : 'ar'];
    const out: { entry: PaletteEntry; keywords: string[] }[] = [];
    for (const node of MENU) {
      const group = isMenuGroup(node) ? node : undefined;
      const items = isMenuGroup(node) ? node.items : [node];
      for (const item of items) {
        if (!itemPermitted(can, item)) continue;
        // 'Media Sources · Media sources' says it once.
        const sameName = group && foldText(common[group.text]) === foldText(common[item.text]);
        const label = group && !sameName ? `${common[group.text]} · ${common[item.text]}` : common[item.text];
        const keywords = [
          label,
          group ? `${other[group.text]} ${other[item.text]}` : other[item.text],
          item.link,
        ];
        out.push({ entry: { id: `screen:${item.link}`, label, link: item.link }, keywords });
      }
    }
    out.push({
      entry: { id: 'screen:/panel/profile', label: common.profile, link: '/panel/profile' },
      keywords: [common.profile, other.profile, '/panel/profile'],
    });
    return out;
  }, [common, language, can]);
}

/**
 * The palette's dialog is made the first time it opens (Ctrl/Cmd+K or the top bar's button), then
 * kept: a screen's first draw no longer builds the dialog and its list of screens (~8 ms of the
 * fact-check editor's load on this machine, issue 12).
 */
export function CommandPalette() {
  const { opened } = useSpotlight(paletteStore);
  const [made, setMade] = useState(false);
  if (opened && !made) setMade(true);
  // Also in text boxes (no tags ignored), as before; not inside the rich-text editor.
  useHotkeys([[PALETTE_SHORTCUT, openCommandPalette]], []);
  return made || opened ? <PaletteDialog /> : null;
}

function PaletteDialog() {
  const t = useTexts(PALETTE_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const navigate = useNavigate();
  const can = useCan();
  const { opened, selected } = useSpotlight(paletteStore);
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), PALETTE_DEBOUNCE_MS);
  const screens = useScreenEntries();
  const listId = 'command-palette-list';

  const sources = useMemo(
    () => SEARCH_SOURCES.filter((source) => can('Read', apiPath(source.resource))),
    [can],
  );
  const searching = opened && debounced.length >= MIN_SEARCH_LENGTH;
  const results = useQueries({
    queries: sources.map((source) => ({
      queryKey: ['palette', source.resource, debounced] as const,
      enabled: searching,
      staleTime: 30_000,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiClient().list<Record<string, unknown>>(source.resource, searchParams(source, debounced), signal),
    })),
  });

  const groups = useMemo<PaletteGroup[]>(() => {
    const out: PaletteGroup[] = [];
    const shown = screens.filter((screen) => matches(query, screen.keywords)).map((screen) => screen.entry);
    if (shown.length > 0) out.push({ key: 'screens', label: t.screens, entries: shown });
    if (!searching) return out;
    sources.forEach((source, index) => {
      const data = results[index]?.data?.data ?? [];
      if (data.length === 0) return;
      out.push({
        key: source.kind,
        label: t[source.kind as ResultKind],
        entries: data.map((record) => {
          const description =
            source.kind === 'user' ? String(record.email ?? '') : statusText(t, record.status);
          return {
            id: `${source.kind}:${String(record._id)}`,
            label: source.label(record) || t.untitled,
            ...(description ? { description } : {}),
            link: source.link(record),
          };
        }),
      });
    });
    return out;
  }, [screens, query, searching, sources, results, t]);

  const entries = groups.flatMap((group) => group.entries);
  const pending = searching && results.some((result) => result.isFetching);
  const optionId = (index: number) => `${listId}-option-${index}`;
  const signature = entries.map((entry) => entry.id).join('|');

  // A new list of results: the first one is ready for Enter.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the list.
  useEffect(() => {
    if (!opened || entries.length === 0) return;
    const frame = requestAnimationFrame(() => selectFirst(listId));
    return () => cancelAnimationFrame(frame);
  }, [signature, opened]);

  const go = (entry: PaletteEntry) => {
    navigate(entry.link);
  };

  let index = -1;
  const renderEntry = (entry: PaletteEntry): ReactNode => {
    index += 1;
    const active = index === selected;
    return (
      <Spotlight.Action
        key={entry.id}
        // Spotlight.Action keeps `id` to itself: the option's id (for aria-activedescendant) is set here.
        ref={setId(optionId(index))}
        role="option"
        aria-selected={active}
        label={entry.label}
        {...(entry.description ? { description: entry.description } : {})}
        onClick={() => go(entry)}
        data-palette-entry={entry.id}
        data-link={entry.link}
        style={{ '--action-description-opacity': 1 } as CSSProperties}
      />
    );
  };

  return (
    <Spotlight.Root
      store={paletteStore}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      title={t.title}
      scrollable
      maxHeight={420}
      styles={{
        header: {
          position: 'absolute',
          width: 1,
          height: 1,
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
          padding: 0,
          minHeight: 0,
        },
        content: { maxWidth: 'calc(100vw - 24px)' },
      }}
      data-testid="command-palette"
    >
      <Spotlight.Search
        placeholder={t.placeholder}
        aria-label={t.searchLabel}
        role="combobox"
        aria-expanded={entries.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={selected >= 0 && selected < entries.length ? optionId(selected) : undefined}
        leftSection={<SearchIcon />}
        rightSection={pending ? <Loader size="xs" aria-label={t.searching} /> : null}
        data-testid="palette-search"
        // Enter as the results show, before the next frame marks the first one (a fast typist, a
        // busy phone): mark it now, and Spotlight's own Enter (after this handler) opens it.
        onKeyDown={(event) => {
          const enter = event.nativeEvent.code === 'Enter' || event.nativeEvent.code === 'NumpadEnter';
          if (enter && !document.querySelector(`#${listId} [data-selected]`)) selectFirst(listId);
        }}
      />
      <Spotlight.ActionsList>
        <Box role="listbox" id={listId} aria-label={t.results}>
          {groups.map((group) => (
            <Box
              key={group.key}
              role="group"
              aria-labelledby={`${listId}-${group.key}`}
              mt="xs"
              data-palette-group={group.key}
            >
              <Text id={`${listId}-${group.key}`} size="xs" fw={700} c="dimmed" px="md" py={4}>
                {group.label}
              </Text>
              {group.entries.map(renderEntry)}
            </Box>
          ))}
        </Box>
        {entries.length === 0 && !pending ? (
          <Spotlight.Empty>{query.trim() ? t.nothingFound : common.noItems}</Spotlight.Empty>
        ) : null}
        {query.trim().length > 0 && query.trim().length < MIN_SEARCH_LENGTH ? (
          <Text size="xs" c="dimmed" px="md" pb="xs">
            {format(t.hint, { count: MIN_SEARCH_LENGTH })}
          </Text>
        ) : null}
      </Spotlight.ActionsList>
      <VisuallyHidden aria-live="polite">{pending ? t.searching : ''}</VisuallyHidden>
    </Spotlight.Root>
  );
}
