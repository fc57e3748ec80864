import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import type { FieldType, FormDefinition } from '../types.ts';
import { QUIET_AFTER_INPUT_MS } from './draw-when-needed.ts';
import { DynamicForm } from './dynamic-form.tsx';
import { FORM_IS_INVALID, FORM_IS_PRISTINE, type SubmitResult } from './use-form-engine.ts';

function setup(definition: FormDefinition, props: Partial<Parameters<typeof DynamicForm>[0]> = {}) {
  const results: SubmitResult[] = [];
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <DynamicForm
      definition={definition}
      onSubmit={onSubmit}
      onResult={(r) => void results.push(r)}
      {...props}
    />,
  );
  const save = () => user.click(screen.getByRole('button', { name: 'Save' }));
  return { results, onSubmit, user, save };
}

describe('DynamicForm submission', () => {
  it('refuses an invalid form with FORM_IS_INVALID and does not call onSubmit', async () => {
    const { results, onSubmit, save } = setup({
      fields: [{ type: 'text', name: 'title', inputs: { label: 'Title', required: true } }],
    });
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(results[0]?.code).toBe(FORM_IS_INVALID);
    expect(results[0]?.errors).toEqual({ title: [{ key: 'required' }] });
    expect(screen.getByText('required')).toBeTruthy();
  });

  it('reports FORM_IS_PRISTINE for an unchanged form but still submits', async () => {
    const { results, onSubmit, save } = setup(
      { fields: [{ type: 'text', name: 'title', inputs: { label: 'Title' } }] },
      { initialValues: { title: 'Kept' } },
    );
    await save();
    expect(onSubmit).toHaveBeenCalledWith({ title: 'Kept' }, { isPristine: true });
    expect(results[0]).toMatchObject({ submitted: true, code: FORM_IS_PRISTINE });
  });

  it('submits a changed valid form without a code', async () => {
    const { results, onSubmit, save, user } = setup({
      fields: [{ type: 'text', name: 'title', inputs: { label: 'Title' } }],
    });
    await user.type(screen.getByLabelText('Title'), 'New');
    await save();
    expect(onSubmit).toHaveBeenCalledWith({ title: 'New' }, { isPristine: false });
    expect(results[0]?.code).toBeUndefined();
  });

  it('expands the invalid panels, scrolls to the first invalid field and focuses it after 400 ms', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { save } = setup(
      {
        sections: [
          { name: 'main', title: 'Main', fields: [{ type: 'text', name: 'a', inputs: { label: 'A' } }] },
          {
            name: 'meta',
            title: 'Meta',
            fields: [{ type: 'text', name: 'b', inputs: { label: 'B', required: true } }],
          },
        ],
      },
      { openSections: [] },
    );
    const metaControl = screen.getByRole('button', { name: 'Meta' });
    expect(metaControl.getAttribute('aria-expanded')).toBe('false');
    await save();
    expect(metaControl.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Main' }).getAttribute('aria-expanded')).toBe('false');
    const input = screen.getByLabelText(/^B/);
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect(document.activeElement).not.toBe(input);
    await waitFor(() => expect(document.activeElement).toBe(input), { timeout: 1000 });
    scrolled.mockRestore();
  });

  it('forgets its scroll and focus when the form goes away before they are due', async () => {
    const findsField = vi.spyOn(document, 'getElementById');
    const onResult = vi.fn();
    const view = renderWithProviders(
      <DynamicForm
        definition={{ fields: [{ type: 'text', name: 'title', inputs: { label: 'Title', required: true } }] }}
        onSubmit={vi.fn()}
        onResult={onResult}
        focusDelayMs={50}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onResult).toHaveBeenCalled());
    view.unmount();
    findsField.mockClear();
    // Past both timers: a closed form looks nothing up (after a test, there may be no document).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(findsField).not.toHaveBeenCalled();
    findsField.mockRestore();
  });

  it('renders sections as panels that can be open together', async () => {
    setup({
      sections: [
        {
          name: 's1',
          title: 'One',
          description: 'First part',
          fields: [{ type: 'text', name: 'a', inputs: { label: 'A' } }],
        },
        { name: 's2', title: 'Two', fields: [{ type: 'text', name: 'b', inputs: { label: 'B' } }] },
      ],
    });
    expect(screen.getByRole('button', { name: 'One' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Two' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('First part')).toBeTruthy();
  });
});

describe('DynamicForm rendering errors', () => {
  it("shows 'Template not found for {name}' for a type without a widget", () => {
    setup({ fields: [{ type: 'map' as FieldType, name: 'where' }] });
    expect(screen.getByRole('alert').textContent).toBe('Template not found for map');
  });

  it("shows 'Array Field Not Supported' for multiple on a single-value type", () => {
    setup({ fields: [{ type: 'text', name: 'x', inputs: { multiple: true } }] });
    expect(screen.getByRole('alert').textContent).toBe('Array Field Not Supported');
  });
});

describe('DynamicForm validation timing (updateOn)', () => {
  const field = (updateOn: 'change' | 'blur' | 'submit') => ({
    fields: [
      {
        type: 'text' as const,
        name: 'code',
        updateOn,
        inputs: { label: 'Code' },
        validations: [{ name: 'minLength', arguments: 3, message: 'Too short' }],
      },
    ],
  });

  it("'change' re-validates on every change once touched", async () => {
    const { user } = setup(field('change'));
    const input = screen.getByLabelText('Code');
    await user.type(input, 'ab');
    await user.tab();
    expect(screen.getByText('Too short')).toBeTruthy();
    await user.type(input, 'c');
    expect(screen.queryByText('Too short')).toBeNull();
  });

  it("'blur' validates only when the field loses focus", async () => {
    const { user } = setup(field('blur'));
    const input = screen.getByLabelText('Code');
    await user.type(input, 'ab');
    await user.tab();
    expect(screen.getByText('Too short')).toBeTruthy();
    await user.type(input, 'c');
    expect(screen.getByText('Too short')).toBeTruthy();
    await user.tab();
    expect(screen.queryByText('Too short')).toBeNull();
  });

  it("'submit' validates only on submit", async () => {
    const { user, save } = setup(field('submit'));
    await user.type(screen.getByLabelText('Code'), 'ab');
    await user.tab();
    expect(screen.queryByText('Too short')).toBeNull();
    await save();
    expect(screen.getByText('Too short')).toBeTruthy();
  });

  it('shows errors in the form locale', async () => {
    const { user } = setup(
      { fields: [{ type: 'text', name: 'title', inputs: { label: 'العنوان', required: true } }] },
      { locale: 'ar', dir: 'rtl' },
    );
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(screen.getByText('هذا الحقل مطلوب')).toBeTruthy();
  });
});

describe('DynamicForm conditions', () => {
  const isYes = ['eq', { path: '' }, 'yes'];

  it('shows and hides fields from the current values', async () => {
    const { user } = setup({
      fields: [
        { type: 'text', name: 'answer', inputs: { label: 'Answer' } },
        {
          type: 'text',
          name: 'why',
          inputs: { label: 'Why' },
          conditions: [{ on: 'answer', when: isYes, do: 'show' }],
        },
        {
          type: 'text',
          name: 'note',
          inputs: { label: 'Note' },
          conditions: [{ on: 'answer', when: isYes, do: 'hide' }],
        },
      ],
    });
    expect(screen.queryByLabelText('Why')).toBeNull();
    expect(screen.getByLabelText('Note')).toBeTruthy();
    await user.type(screen.getByLabelText('Answer'), 'yes');
    expect(screen.getByLabelText('Why')).toBeTruthy();
    expect(screen.queryByLabelText('Note')).toBeNull();
  });

  it('enables, disables and requires fields, with the whole values as context without `on`', async () => {
    const { user, onSubmit, save } = setup({
      fields: [
        { type: 'text', name: 'answer', inputs: { label: 'Answer' } },
        {
          type: 'text',
          name: 'a',
          inputs: { label: 'A' },
          conditions: [{ when: ['eq', { path: 'answer' }, 'yes'], do: 'enable' }],
        },
        {
          type: 'text',
          name: 'b',
          inputs: { label: 'B' },
          conditions: [{ on: 'answer', when: isYes, do: 'disable' }],
        },
        {
          type: 'text',
          name: 'c',
          inputs: { label: 'C' },
          conditions: [{ on: 'answer', when: isYes, do: 'require' }],
        },
      ],
    });
    expect(screen.getByLabelText('A').hasAttribute('disabled')).toBe(true);
    expect(screen.getByLabelText('B').hasAttribute('disabled')).toBe(false);
    await user.type(screen.getByLabelText('Answer'), 'yes');
    expect(screen.getByLabelText('A').hasAttribute('disabled')).toBe(false);
    expect(screen.getByLabelText('B').hasAttribute('disabled')).toBe(true);
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^C/).getAttribute('aria-invalid')).toBe('true');
  });

  it('does not validate a hidden field', async () => {
    const { onSubmit, save } = setup({
      fields: [
        { type: 'text', name: 'x', hidden: true, inputs: { required: true } },
        {
          type: 'text',
          name: 'y',
          inputs: { required: true },
          conditions: [{ when: ['bool', { path: 'x' }], do: 'show' }],
        },
      ],
    });
    await save();
    expect(onSubmit).toHaveBeenCalled();
  });
});

describe('DynamicForm unsaved-changes warning', () => {
  const definition: FormDefinition = {
    warnUnsavedChanges: true,
    fields: [
      { type: 'text', name: 'a', inputs: { label: 'A' } },
      { type: 'text', name: 'b', inputs: { label: 'B' } },
    ],
  };
  const leave = () => {
    const event = new Event('beforeunload', { cancelable: true });
    act(() => void window.dispatchEvent(event));
    return event.defaultPrevented;
  };

  it('warns only when enabled, dirty and touched, through the first field only', async () => {
    const added = vi.spyOn(window, 'addEventListener');
    const { user, save } = setup(definition);
    expect(leave()).toBe(false);
    await user.type(screen.getByLabelText('B'), 'x');
    await user.tab();
    expect(leave()).toBe(true);
    expect(added.mock.calls.filter(([type]) => type === 'beforeunload')).toHaveLength(1);
    await save();
    expect(leave()).toBe(false);
    added.mockRestore();
  });

  it('does not warn when not enabled', async () => {
    const { user } = setup({ ...definition, warnUnsavedChanges: false });
    await user.type(screen.getByLabelText('A'), 'x');
    await user.tab();
    expect(leave()).toBe(false);
  });
});

describe('DynamicForm sections far below the window', () => {
  // Three sections; the placeholders of the second and third are measured 3 000 px down.
  const definition: FormDefinition = {
    sections: [
      { name: 'top', title: 'Top', fields: [{ type: 'text', name: 'a', inputs: { label: 'A' } }] },
      { name: 'middle', title: 'Middle', fields: [{ type: 'text', name: 'b', inputs: { label: 'B' } }] },
      {
        name: 'bottom',
        title: 'Bottom',
        fields: [{ type: 'text', name: 'c', inputs: { label: 'C', required: true } }],
      },
    ],
  };
  function farBelow() {
    const original = Element.prototype.getBoundingClientRect;
    return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      return this.hasAttribute('data-section-pending')
        ? ({ top: 3000, bottom: 3100, left: 0, right: 0, width: 0, height: 100 } as DOMRect)
        : original.call(this);
    });
  }

  it('draws them when the browser is idle, in the order of the form, and the first section at once', async () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    const measured = farBelow();
    try {
      setup(definition);
      expect(screen.getByLabelText('A')).toBeTruthy();
      expect(screen.queryByLabelText('B')).toBeNull();
      expect(screen.queryByLabelText(/^C/)).toBeNull();
      expect(document.querySelectorAll('[data-section-pending]')).toHaveLength(2);
      act(() => idle.shift()?.({ didTimeout: false, timeRemaining: () => 10 }));
      expect(screen.getByLabelText('B')).toBeTruthy();
      expect(screen.queryByLabelText(/^C/)).toBeNull();
      act(() => idle.shift()?.({ didTimeout: false, timeRemaining: () => 10 }));
      expect(screen.getByLabelText(/^C/)).toBeTruthy();
      expect(document.querySelectorAll('[data-section-pending]')).toHaveLength(0);
    } finally {
      measured.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('waits while someone types, and draws them in the next pause', async () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const measured = farBelow();
    try {
      setup(definition);
      expect(document.querySelectorAll('[data-section-pending]')).toHaveLength(2);
      // A key, then the idle callback (its time-out fires even while typing): nothing is drawn.
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ب' }));
      act(() => idle.shift()?.({ didTimeout: true, timeRemaining: () => 0 }));
      expect(screen.queryByLabelText('B')).toBeNull();
      expect(idle).toHaveLength(0);
      // Another key 600 ms later keeps it waiting; a second after the last key it asks again.
      act(() => vi.advanceTimersByTime(600));
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ت' }));
      act(() => vi.advanceTimersByTime(600));
      expect(idle).toHaveLength(1);
      act(() => idle.shift()?.({ didTimeout: false, timeRemaining: () => 10 }));
      expect(screen.queryByLabelText('B')).toBeNull();
      act(() => vi.advanceTimersByTime(QUIET_AFTER_INPUT_MS));
      act(() => idle.shift()?.({ didTimeout: false, timeRemaining: () => 10 }));
      expect(screen.getByLabelText('B')).toBeTruthy();
    } finally {
      measured.mockRestore();
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });

  it('draws them all on submit, so the first invalid field is found and focused', async () => {
    vi.stubGlobal('requestIdleCallback', () => 0);
    const measured = farBelow();
    try {
      const { save, results } = setup(definition, { focusDelayMs: 0 });
      expect(screen.queryByLabelText(/^C/)).toBeNull();
      await save();
      expect(results[0]?.code).toBe(FORM_IS_INVALID);
      const input = screen.getByLabelText(/^C/);
      await waitFor(() => expect(document.activeElement).toBe(input));
    } finally {
      measured.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
