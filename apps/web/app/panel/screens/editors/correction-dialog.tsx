// "Add correction" in the fact-check and article editors (issue 33 §3): shown on a published item
// to whoever may add corrections (the publish right; the same rule the server applies, mirrored
// from the permission rules). The dialog takes the type, the note in the item's language and, for
// a rating change, the new verdict; the old verdict is the saved record's. A rating change sets the
// verdict on the server, so the editor reopens on the record it answers.
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { showSuccessToast } from '@tabayyun/forms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { format, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { apiClient, type Doc } from '../../lib/api-client.ts';
import { failureMessage } from '../../lib/errors.ts';
import { apiPath, useCan } from '../../lib/permissions.ts';
import type { ContentKind } from './content-forms.ts';
import { CORRECTION_TEXTS } from './correction-texts.ts';
import { recordQueryKey } from './record-query.ts';

type CorrectionType = 'correction' | 'clarification' | 'rating-change' | 'update';
type Texts = (typeof CORRECTION_TEXTS)['en'];

const idOf = (value: unknown): string | null => {
  if (typeof value === 'string' && value) return value;
  const id = (value as { _id?: unknown } | null)?._id;
  return typeof id === 'string' && id ? id : null;
};

/** The verdicts: the rating categories (`/criteria/…`), named in the panel's language. */
function useVerdicts(enabled: boolean) {
  const { language } = usePanelLanguage();
  const query = useQuery({
    queryKey: ['correction-verdicts'],
    queryFn: ({ signal }) =>
      apiClient().list('category', { path: '/criteria/*', sort_by: 'path', per_page: 200 }, signal),
    enabled,
    staleTime: 60_000,
  });
  const name = (doc: Doc) =>
    String((language === 'en' ? doc.nameEn : undefined) || doc.name || doc._id || '');
  const docs = query.data?.data ?? [];
  const byId = new Map(docs.map((doc) => [String(doc._id), doc]));
  // A sub-rating is named with its rating: two scales may word a verdict alike.
  const label = (doc: Doc) => {
    const parent = byId.get(String(doc.parent ?? ''));
    return parent && parent._id !== 'criteria' ? `${name(parent)} › ${name(doc)}` : name(doc);
  };
  return docs
    .filter((doc) => doc._id !== 'criteria')
    .map((doc) => ({ value: String(doc._id), label: label(doc) }));
}

export function CorrectionControl({
  kind,
  record,
  dirty,
  onRecordChanged,
}: {
  kind: ContentKind;
  record: Doc | undefined;
  /** The form has unsaved changes (a rating change waits for them to be saved). */
  dirty: boolean;
  /** The saved record changed on the server (a rating change): reopen the editor on it. */
  onRecordChanged(doc: Doc): void;
}) {
  const t = useTexts(CORRECTION_TEXTS);
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!record?._id || record.status !== 'published' || !can('Create', apiPath('correction'))) return null;
  return (
    <>
      <Button size="compact-sm" variant="default" onClick={() => setOpen(true)} data-testid="add-correction">
        {t.addCorrection}
      </Button>
      {open ? (
        <CorrectionDialog
          kind={kind}
          record={record}
          dirty={dirty}
          t={t}
          onClose={() => setOpen(false)}
          onRecordChanged={onRecordChanged}
        />
      ) : null}
    </>
  );
}

function CorrectionDialog({
  kind,
  record,
  dirty,
  t,
  onClose,
  onRecordChanged,
}: {
  kind: ContentKind;
  record: Doc;
  dirty: boolean;
  t: Texts;
  onClose(): void;
  onRecordChanged(doc: Doc): void;
}) {
  const queryClient = useQueryClient();
  const [type, setType] = useState<CorrectionType>('correction');
  const [note, setNote] = useState('');
  const [toCategory, setToCategory] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ note?: string; toCategory?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const isRating = type === 'rating-change';
  const verdicts = useVerdicts(kind === 'factcheck');
  const stored = idOf(record.category);
  const storedName = verdicts.find((v) => v.value === stored)?.label ?? stored ?? t.noVerdict;
  const language = String(record.language ?? 'ar');
  const languageName = language === 'en' ? t.languageEn : language === 'tr' ? t.languageTr : t.languageAr;
  const types: { value: CorrectionType; label: string }[] = [
    { value: 'correction', label: t.typeCorrection },
    { value: 'clarification', label: t.typeClarification },
    ...(kind === 'factcheck' ? [{ value: 'rating-change' as const, label: t.typeRatingChange }] : []),
    { value: 'update', label: t.typeUpdate },
  ];

  const submit = async () => {
    const found: typeof errors = {};
    if (!note.trim()) found.note = t.noteRequired;
    if (isRating && !toCategory) found.toCategory = t.newVerdictRequired;
    setErrors(found);
    if (Object.keys(found).length > 0 || (isRating && dirty)) return;
    setBusy(true);
    setFailure(null);
    try {
      await apiClient().create('correction', {
        item: record._id,
        itemType: kind,
        type,
        note: note.trim(),
        ...(isRating ? { toCategory } : {}),
      });
      showSuccessToast(t.saved);
      const id = String(record._id);
      await queryClient.invalidateQueries({ queryKey: recordQueryKey(kind, id) });
      // The verdict and the version changed on the server: the form must hold them.
      if (isRating) onRecordChanged(await apiClient().get(kind, id));
      onClose();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t.title}
      centered
      closeButtonProps={{ 'aria-label': t.cancel }}
      data-testid="correction-dialog"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">{t.intro}</Text>
          <Select
            label={t.type}
            data={types}
            value={type}
            allowDeselect={false}
            onChange={(value) => setType((value as CorrectionType | null) ?? 'correction')}
            data-testid="correction-type"
          />
          {isRating ? (
            <>
              <Text size="sm" data-testid="correction-old-verdict">
                {t.oldVerdict}: <strong>{storedName}</strong>
              </Text>
              <Select
                label={t.newVerdict}
                data={verdicts.filter((v) => v.value !== stored)}
                value={toCategory}
                onChange={(value) => {
                  setToCategory(value);
                  if (value) setErrors((e) => ({ ...e, toCategory: undefined }));
                }}
                error={errors.toCategory}
                required
                searchable
                data-testid="correction-new-verdict"
              />
              {dirty ? (
                <Alert color="orange" data-testid="correction-dirty">
                  {t.ratingDirty}
                </Alert>
              ) : null}
            </>
          ) : null}
          <Textarea
            label={t.note}
            description={format(t.noteHint, { language: languageName })}
            required
            autosize
            minRows={3}
            maxRows={8}
            lang={language}
            dir={language === 'ar' ? 'rtl' : 'ltr'}
            value={note}
            error={errors.note}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              if (event.currentTarget.value.trim()) setErrors((e) => ({ ...e, note: undefined }));
            }}
            data-testid="correction-note"
          />
          {failure ? (
            <Alert color="red" role="alert" data-testid="correction-failure">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={busy} disabled={isRating && dirty} data-testid="correction-save">
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
