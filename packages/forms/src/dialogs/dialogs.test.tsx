import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { confirm, confirmDelete, confirmProceed } from './confirm.tsx';
import { DialogShell } from './dialog-shell.tsx';
import { openFormDialog } from './form-dialog.tsx';
import {
  showFailedToast,
  showSavedToast,
  showSaveFailedToast,
  showSuccessToast,
  showWarningToast,
  TOAST_DURATIONS,
} from './toasts.ts';

afterEach(() => {
  act(() => modals.closeAll());
});

describe('confirm', () => {
  it("defaults to 'Confirm', 'Do you confirm?', Discard and Confirm; resolves true on Confirm", async () => {
    renderWithProviders(<div />);
    const user = userEvent.setup();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm();
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Confirm');
    expect(dialog.textContent).toContain('Do you confirm?');
    expect(screen.getByRole('button', { name: 'Discard' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(answer).resolves.toBe(true);
  });

  it('resolves false on Discard and uses the given texts', async () => {
    renderWithProviders(<div />);
    const user = userEvent.setup();
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirm({ title: 'Publish', text: 'Publish now?', discard: 'No', confirm: 'Yes' });
    });
    expect((await screen.findByRole('dialog')).textContent).toContain('Publish now?');
    await user.click(screen.getByRole('button', { name: 'No' }));
    await expect(answer).resolves.toBe(false);
  });

  it('resolves false on Escape', async () => {
    renderWithProviders(<div />);
    const user = userEvent.setup();
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirm();
    });
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
  });

  it('offers the delete and proceed variants with the spec texts', async () => {
    renderWithProviders(<div />);
    const user = userEvent.setup();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirmDelete();
    });
    expect((await screen.findByRole('dialog')).textContent).toContain(
      'Are you sure you want to delete this item?',
    );
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    await expect(answer).resolves.toBe(false);
    act(() => {
      answer = confirmProceed();
    });
    expect((await screen.findByRole('dialog')).textContent).toContain('Are you sure?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await expect(answer).resolves.toBe(true);
  });
});

function Harness({ isCloseDisabled = false }: { isCloseDisabled?: boolean }) {
  const [opened, setOpened] = useState(true);
  return (
    <DialogShell
      opened={opened}
      onClose={() => setOpened(false)}
      title="Details"
      header={<p>Header part</p>}
      footer={<button type="button">Done</button>}
      isCloseDisabled={isCloseDisabled}
    >
      Body
    </DialogShell>
  );
}

describe('DialogShell', () => {
  it('shows title, header, body and footer, and closes on Escape', async () => {
    renderWithProviders(<Harness />);
    const dialog = screen.getByRole('dialog');
    for (const text of ['Details', 'Header part', 'Body', 'Done']) expect(dialog.textContent).toContain(text);
    await userEvent.setup().keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays open on Escape when closing is disabled, without a close button', async () => {
    renderWithProviders(<Harness isCloseDisabled />);
    await userEvent.setup().keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByRole('dialog').querySelector('.mantine-Modal-close')).toBeNull();
  });
});

describe('openFormDialog', () => {
  const definition = {
    fields: [{ type: 'text' as const, name: 'title', inputs: { label: 'Title', required: true } }],
  };

  it('resolves with the submitted values and closes', async () => {
    renderWithProviders(<div />);
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    let result: Promise<unknown> = Promise.resolve();
    act(() => {
      result = openFormDialog(definition, { title: 'Add', onSubmit });
    });
    await user.type(await screen.findByLabelText(/Title/), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect(result).resolves.toEqual({ title: 'Hello' });
    expect(onSubmit).toHaveBeenCalledWith({ title: 'Hello' }, { isPristine: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('names its close button, and a strict Submit waits for a touched, valid form', async () => {
    renderWithProviders(<div />);
    const user = userEvent.setup();
    let release: () => void = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    act(() => {
      void openFormDialog(definition, {
        title: 'Reset',
        onSubmit,
        strictSubmit: true,
        submitLabel: 'Submit',
      });
    });
    expect(await screen.findByRole('button', { name: 'Close' })).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.type(screen.getByLabelText(/Title/), 'x');
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.clear(screen.getByLabelText(/Title/));
    await waitFor(() => expect(submit.disabled).toBe(true));
    await user.type(screen.getByLabelText(/Title/), 'y');
    await user.click(submit);
    // While the save runs the button cannot be pressed again.
    await waitFor(() => expect(submit.disabled).toBe(true));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    act(() => release());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes on Escape only while untouched', async () => {
    renderWithProviders(<div />);
    const user = userEvent.setup();
    let result: Promise<unknown> = Promise.resolve('pending');
    act(() => {
      result = openFormDialog(definition);
    });
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await expect(result).resolves.toBeUndefined();

    act(() => {
      result = openFormDialog(definition);
    });
    await user.type(await screen.findByLabelText(/Title/), 'x');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('is 90% wide up to 750px (625px when small) and not closed by an outside click', async () => {
    renderWithProviders(<div />);
    act(() => void openFormDialog(definition, { small: true }));
    const dialog = await screen.findByRole('dialog');
    const content = dialog.closest('.mantine-Modal-content') ?? dialog;
    expect((content as HTMLElement).style.maxWidth).toBe('625px');
    const overlay = document.querySelector('.mantine-Modal-overlay');
    if (overlay) await userEvent.setup().click(overlay);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('toasts', () => {
  it('use the spec durations, the top position and the warning / error classes', () => {
    const show = vi.spyOn(notifications, 'show');
    showSuccessToast('ok');
    showFailedToast('bad');
    showWarningToast('careful');
    showSavedToast();
    showSaveFailedToast('disk full');
    const calls = show.mock.calls.map(([data]) => data);
    expect(calls.map((c) => c.autoClose)).toEqual([3000, 5000, 5000, 3000, 15000]);
    expect(calls.every((c) => c.position === 'top-center')).toBe(true);
    expect(calls[1]?.className).toBe('error');
    expect(calls[2]?.className).toBe('warning');
    expect(calls[3]?.message).toBe('Saved successfully');
    expect(calls[4]).toMatchObject({ message: 'Failed! disk full', className: 'error' });
    expect(TOAST_DURATIONS).toEqual({ success: 3000, failed: 5000, warning: 5000, saveFailed: 15000 });
    show.mockRestore();
  });

  it('appear on screen', async () => {
    renderWithProviders(<div />);
    act(() => void showSavedToast());
    expect(await screen.findByText('Saved successfully')).toBeTruthy();
  });
});
