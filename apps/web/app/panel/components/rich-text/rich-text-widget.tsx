// The form engine's `x-rich-text` widget: Mantine's tiptap editor with headings, marks, lists,
// quote, links, tables, images uploaded through the API client, social-post embeds, and a text
// direction per paragraph. The value is sanitiser-proof HTML (see extensions.ts), null when empty.
import { Button, Popover, Stack, TextInput } from '@mantine/core';
import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import {
  controlAria,
  FieldShell,
  showFailedToast,
  useDrawWhenNeeded,
  type WidgetProps,
} from '@tabayyun/forms';
import { type Editor, useEditor, useEditorState } from '@tiptap/react';
import { type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { apiClient } from '../../lib/api-client.ts';
import { ContentDirectionContext } from './direction-context.ts';
import { embedProvider, richTextExtensions, storedHtml, type TextDir } from './extensions.ts';
import { editorLabels, RICH_TEXT_TEXTS } from './rich-text-texts.ts';

/** The pause in typing after which the HTML is handed to the form. */
export const CHANGE_DEBOUNCE_MS = 250;

/**
 * Where the caret may sit before the editor scrolls (px from the window's edges), and how far from
 * the edge it is brought. At the top, the panel's header and the sticky toolbar (about 100 px) would
 * hide it; at the bottom, a caret on the very last line scrolled the page a few pixels on every key,
 * and Chromium presented no frame until typing paused (measured: keys of 1–3.7 s; ADR 024).
 */
const SCROLL_EDGES = {
  scrollThreshold: { top: 120, bottom: 48, left: 0, right: 0 },
  scrollMargin: { top: 140, bottom: 160, left: 5, right: 5 },
};

/** Where editor images go (`POST /storage/content`). */
export const RICH_TEXT_UPLOAD_FOLDER = 'content';

/** Uploads an image; any failure (error, empty answer, non-2xx) rejects. */
export async function uploadEditorImage(file: File): Promise<{ src: string; alt: string }> {
  const record = await apiClient().upload(RICH_TEXT_UPLOAD_FOLDER, file, {
    onProgress: () => {},
    signal: new AbortController().signal,
    fieldname: 'file',
  });
  const path = typeof record?.path === 'string' ? record.path.trim() : '';
  if (!path || 'error' in (record as object)) throw new Error('Upload failed');
  return { src: `/${path.replace(/^\/+/, '')}`, alt: '' };
}

/**
 * Mantine's tiptap types resolve @tiptap/core through its CommonJS declarations, ours through the
 * ESM ones: the same class, two declarations. One cast, here, at the boundary.
 */
function useContextEditor(): Editor | null {
  return useRichTextEditorContext().editor as unknown as Editor | null;
}

const svg = (path: ReactNode) =>
  function Icon({ style }: { style?: React.CSSProperties }) {
    return (
      <svg
        viewBox="0 0 24 24"
        width={16}
        height={16}
        style={style}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {path}
      </svg>
    );
  };

// Pilcrow with an arrow: the usual text-direction icons.
const IconRtl = svg(
  <>
    <path d="M14 4v10M17 4v10M18 4h-6.5a3 3 0 0 0 0 6H14" />
    <path d="M20 19H5M8 16l-3 3 3 3" />
  </>,
);
const IconLtr = svg(
  <>
    <path d="M10 4v10M13 4v10M14 4H7.5a3 3 0 0 0 0 6H10" />
    <path d="M4 19h15M16 16l3 3-3 3" />
  </>,
);
const IconEmbed = svg(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M10 9.5v5l4.5-2.5z" />
  </>,
);

function DirectionControl({ dir, label, icon: Icon }: { dir: TextDir; label: string; icon: typeof IconRtl }) {
  const editor = useContextEditor();
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => Boolean(e?.isActive('paragraph', { dir })),
  });
  const isActive = active === true;
  return (
    <RichTextEditor.Control
      aria-label={label}
      title={label}
      active={isActive}
      aria-pressed={isActive}
      onClick={() =>
        editor
          ?.chain()
          .focus()
          .setBlockDirection(isActive ? null : dir)
          .run()
      }
    >
      <Icon />
    </RichTextEditor.Control>
  );
}

const IconTable = svg(
  <>
    <rect x="3" y="4" width="14" height="14" rx="1.5" />
    <path d="M3 9h14M3 13.5h14M8 4v14M12.5 4v14M19 15v6M16 18h6" />
  </>,
);

/**
 * A 3 × 3 table with a header row; the table controls add or remove rows and columns. Mantine's own
 * control asked `can().insertTable()` on every change of the document, which builds a whole table in
 * a dry run: ≈ 8 ms per key while typing and 65 ms on the editor's first draw (ADR 024).
 */
function TableInsertControl() {
  const t = useTexts(RICH_TEXT_TEXTS);
  const editor = useContextEditor();
  return (
    <RichTextEditor.Control
      aria-label={t.tableInsert}
      title={t.tableInsert}
      onClick={() => editor?.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
    >
      <IconTable />
    </RichTextEditor.Control>
  );
}

function EmbedControl() {
  const t = useTexts(RICH_TEXT_TEXTS);
  const editor = useContextEditor();
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const insert = () => {
    if (!embedProvider(url)) {
      setError(t.embedInvalid);
      return;
    }
    editor?.chain().focus().insertEmbed(url).run();
    setUrl('');
    setError(null);
    setOpened(false);
  };
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withinPortal position="bottom" shadow="md">
      <Popover.Target>
        <RichTextEditor.Control
          aria-label={t.embed}
          title={t.embed}
          aria-haspopup="dialog"
          aria-expanded={opened}
          data-testid="rich-text-embed"
          onClick={() => setOpened((o) => !o)}
        >
          <IconEmbed />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" maw={320}>
          <TextInput
            label={t.embedUrl}
            description={t.embedHint}
            dir="ltr"
            value={url}
            error={error}
            data-autofocus
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                insert();
              }
            }}
          />
          <Button size="xs" onClick={insert} data-testid="rich-text-embed-insert">
            {t.embedInsert}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function TableControls() {
  const editor = useContextEditor();
  const inTable = useEditorState({ editor, selector: ({ editor: e }) => Boolean(e?.isActive('table')) });
  if (!inTable) return null;
  return (
    <RichTextEditor.ControlsGroup>
      <RichTextEditor.TableColumnBefore />
      <RichTextEditor.TableColumnAfter />
      <RichTextEditor.TableColumnDelete />
      <RichTextEditor.TableRowBefore />
      <RichTextEditor.TableRowAfter />
      <RichTextEditor.TableRowDelete />
      <RichTextEditor.TableToggleHeaderRow />
      <RichTextEditor.TableDelete />
    </RichTextEditor.ControlsGroup>
  );
}

/** Characters on a line and pixels per line of the editor at its usual width, and per block's margin. */
const PENDING_CHARS_PER_LINE = 90;
const PENDING_LINE_PX = 26;
const PENDING_BLOCK_PX = 16;

/** About how tall a document will draw: its text in lines, plus each block's margin; at least the frame's 12rem (CSS). */
export function pendingHeight(html: string | null | undefined): number | undefined {
  if (!html) return undefined;
  const blocks = html.match(/<(p|h[1-6]|li|blockquote|tr|figure|img)[\s>]/g)?.length ?? 0;
  const text = html.replace(/<[^>]*>/g, '').length;
  return Math.ceil(text / PENDING_CHARS_PER_LINE) * PENDING_LINE_PX + blocks * PENDING_BLOCK_PX;
}

/**
 * A rich-text field below the window is made when the browser is idle (one field per idle period,
 * in the order of the form), or at once when it comes into the window or gets focus
 * (`useDrawWhenNeeded` of the forms package). A long fact-check has four fields of thousands of
 * words; making all four before the first draw delayed the one the editor sees first (ADR 024).
 * Until then the field shows its label and an empty frame that takes focus, about as tall as the
 * text will be: with frames of one size, the four fields of a long fact-check all looked near the
 * window and were made together before the first paint.
 */
export function RichTextWidget(props: WidgetProps<string | null>): ReactNode {
  const { reason: mounted, placeholder: frame, draw } = useDrawWhenNeeded<HTMLDivElement>();
  const contentDir = useContext(ContentDirectionContext) ?? props.dir;
  if (mounted) return <RichTextField {...props} focusOnCreate={mounted === 'focus'} />;
  return (
    <FieldShell widget={props} group wrapperProps={{ labelProps: { onClick: () => draw('focus') } }}>
      {(control) => (
        // biome-ignore lint/a11y/useSemanticElements: it stands in for the editor's contenteditable (the same role); focusing it makes the editor.
        <div
          ref={frame}
          {...control}
          className="tb-rich-text tb-rich-text-pending"
          role="textbox"
          aria-multiline="true"
          tabIndex={0}
          dir={contentDir}
          style={{ minHeight: pendingHeight(props.value) }}
          data-testid={`rich-text-pending-${props.field.name}`}
          onFocus={() => draw('focus')}
        />
      )}
    </FieldShell>
  );
}

function RichTextField(props: WidgetProps<string | null> & { focusOnCreate: boolean }): ReactNode {
  const { field, value, onChange, onBlur, disabled, readOnly } = props;
  const t = useTexts(RICH_TEXT_TEXTS);
  const { language } = usePanelLanguage();
  const contentDir = useContext(ContentDirectionContext) ?? props.dir;
  const editable = !disabled && !readOnly;
  // The latest callbacks, read by the editor's handlers (created once).
  const latest = useRef({ onChange, onBlur, editable, language, failed: t.uploadFailed });
  latest.current = { onChange, onBlur, editable, language, failed: t.uploadFailed };
  const emitted = useRef<string | null | undefined>(value);

  const extensions = useMemo(
    () =>
      richTextExtensions({
        upload: {
          onImageUpload: uploadEditorImage,
          onImageUploadError: () => showFailedToast(latest.current.failed),
        },
      }),
    [],
  );
  // The editable element carries the field's id and aria (label, hint, error, required).
  const attributes: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(controlAria(props, { group: true })).map(([k, v]) => [k, String(v)]),
    ),
    role: 'textbox',
    'aria-multiline': 'true',
    ...(readOnly ? { 'aria-readonly': 'true' } : {}),
    ...(disabled ? { 'aria-disabled': 'true' } : {}),
    dir: contentDir,
    'data-testid': `rich-text-${field.name}`,
  };
  const attributesKey = JSON.stringify(attributes);
  // useEditor compares its options with the editor's after every render and, when one differs, hands
  // them all to the view again (a view update, ~20 ms on a long field): so the options stay the same
  // objects from one render to the next. The content is the first value (later values come in through
  // setContent below); the props change only with the field's aria.
  const [initialContent] = useState(() => value ?? '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: attributesKey stands for attributes.
  const editorProps = useMemo(() => ({ ...SCROLL_EDGES, attributes }), [attributesKey]);

  // The HTML goes to the form after a pause in typing (every keystroke would re-render the whole
  // form and serialise the document), and at once on blur or Ctrl/Cmd+S.
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flush = useRef<() => void>(() => {});
  const editor = useEditor({
    extensions,
    content: initialContent,
    editable,
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    autofocus: props.focusOnCreate ? 'start' : false,
    editorProps,
    onUpdate: ({ editor: e }) => {
      if (!latest.current.editable) return;
      flush.current = () => {
        clearTimeout(pending.current);
        pending.current = undefined;
        flush.current = () => {};
        if (e.isDestroyed) return;
        const html = storedHtml(e.getHTML(), e.isEmpty);
        emitted.current = html;
        latest.current.onChange(html);
      };
      clearTimeout(pending.current);
      pending.current = setTimeout(() => flush.current(), CHANGE_DEBOUNCE_MS);
    },
    onBlur: () => {
      flush.current();
      latest.current.onBlur();
    },
  });
  useEffect(() => {
    // Capture phase: before the editor screen's own Ctrl/Cmd+S handler reads the values.
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') flush.current();
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      flush.current();
    };
  }, []);

  // A value set from outside (restore, translation, reset) replaces the document.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if ((value ?? null) === (emitted.current ?? null)) return;
    emitted.current = value;
    editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed && editor.isEditable !== editable) editor.setEditable(editable, false);
  }, [editor, editable]);

  const labels = useMemo(() => editorLabels(t), [t]);
  return (
    <FieldShell
      widget={props}
      group
      wrapperProps={{ labelProps: { onClick: () => editor?.commands.focus() } }}
    >
      {() => {
        return (
          <RichTextEditor
            editor={editor as never}
            labels={labels}
            onImageUpload={uploadEditorImage}
            onImageUploadError={() => showFailedToast(t.uploadFailed)}
            className="tb-rich-text"
            data-disabled={disabled || undefined}
            data-invalid={props.error ? true : undefined}
          >
            {editable ? (
              <RichTextEditor.Toolbar aria-label={t.toolbar} role="toolbar" sticky stickyOffset={56}>
                <RichTextEditor.ControlsGroup>
                  <RichTextEditor.Bold />
                  <RichTextEditor.Italic />
                  <RichTextEditor.Underline />
                  <RichTextEditor.Strikethrough />
                  <RichTextEditor.ClearFormatting />
                </RichTextEditor.ControlsGroup>
                <RichTextEditor.ControlsGroup>
                  <RichTextEditor.H2 />
                  <RichTextEditor.H3 />
                  <RichTextEditor.H4 />
                </RichTextEditor.ControlsGroup>
                <RichTextEditor.ControlsGroup>
                  <RichTextEditor.BulletList />
                  <RichTextEditor.OrderedList />
                  <RichTextEditor.Blockquote />
                </RichTextEditor.ControlsGroup>
                <RichTextEditor.ControlsGroup>
                  <DirectionControl dir="rtl" label={t.rtl} icon={IconRtl} />
                  <DirectionControl dir="ltr" label={t.ltr} icon={IconLtr} />
                </RichTextEditor.ControlsGroup>
                <RichTextEditor.ControlsGroup>
                  <RichTextEditor.Link />
                  <RichTextEditor.Unlink />
                  <RichTextEditor.ImageUpload data-testid="rich-text-image" />
                  <TableInsertControl />
                  <EmbedControl />
                </RichTextEditor.ControlsGroup>
                <TableControls />
                <RichTextEditor.ControlsGroup>
                  <RichTextEditor.Undo />
                  <RichTextEditor.Redo />
                </RichTextEditor.ControlsGroup>
              </RichTextEditor.Toolbar>
            ) : null}
            <RichTextEditor.Content />
          </RichTextEditor>
        );
      }}
    </FieldShell>
  );
}
