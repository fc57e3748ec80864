// The required-reason dialog of "Send back" (review → draft) and "Unpublish" (published → draft):
// the change is not sent without a reason (issue 33 §1). Used by the editor and the lists.
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTexts } from '../../i18n/i18n.tsx';
import { WORKFLOW_TEXTS } from './workflow-texts.ts';

export interface ReasonRequest {
  /** The status the item moves from: `published` asks for the public reason of an unpublish. */
  from: string;
}

export function ReasonDialog({
  request,
  onCancel,
  onConfirm,
}: {
  request: ReasonRequest | null;
  onCancel(): void;
  onConfirm(reason: string): void;
}) {
  const t = useTexts(WORKFLOW_TEXTS);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const unpublish = request?.from === 'published';
  const close = () => {
    setReason('');
    setError(null);
    onCancel();
  };
  const confirm = () => {
    const text = reason.trim();
    if (!text) {
      setError(t.reasonRequired);
      return;
    }
    setReason('');
    setError(null);
    onConfirm(text);
  };
  return (
    <Modal
      opened={request !== null}
      onClose={close}
      title={unpublish ? t.unpublishTitle : request?.from === 'review' ? t.sendBackTitle : t.moveToDraftTitle}
      centered
      closeButtonProps={{ 'aria-label': t.cancel }}
      data-testid="reason-dialog"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">{unpublish ? t.unpublishText : t.sendBackText}</Text>
          <Textarea
            label={t.reasonLabel}
            required
            autosize
            minRows={3}
            maxRows={8}
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              if (error && event.currentTarget.value.trim()) setError(null);
            }}
            data-autofocus
            data-testid="reason-input"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t.cancel}
            </Button>
            <Button type="submit" color={unpublish ? 'red.9' : undefined} data-testid="reason-confirm">
              {unpublish ? t.confirmUnpublish : t.confirmSendBack}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
