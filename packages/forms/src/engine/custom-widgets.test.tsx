// The extension point: an application's own widgets for `x-…` types, from FormsProvider or the
// engine's options, consulted before the registry, with the engine's label/required/error/
// disabled/readOnly handling like any built-in widget.
import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../test/render.tsx';
import { normaliseField } from '../model/normalise.ts';
import type { CustomWidgets, FieldDefinition, FormDefinition, WidgetProps } from '../types.ts';
import { DynamicForm } from './dynamic-form.tsx';
import { FieldShell } from './field-shell.tsx';
import { FormsProvider } from './forms-context.tsx';
import { FORM_IS_INVALID, type SubmitResult } from './use-form-engine.ts';

/** A minimal custom widget: a contenteditable-like text box drawn through FieldShell. */
function Shouting(props: WidgetProps<string | null>): ReactNode {
  return (
    <FieldShell widget={props}>
      {(control) => (
        <input
          {...control}
          data-testid={`shouting-${props.field.name}`}
          value={props.value ?? ''}
          disabled={props.disabled}
          readOnly={props.readOnly}
          onChange={(event) => {
            if (!props.disabled && !props.readOnly) props.onChange(event.currentTarget.value.toUpperCase());
          }}
          onBlur={props.onBlur}
        />
      )}
    </FieldShell>
  );
}

function Other(props: WidgetProps<unknown>): ReactNode {
  return <p data-testid="other">{props.field.name}</p>;
}

function setup(
  definition: FormDefinition,
  opts: { provider?: CustomWidgets; form?: CustomWidgets; initialValues?: Record<string, unknown> } = {},
) {
  const results: SubmitResult[] = [];
  const onSubmit = vi.fn();
  render(
    <Providers>
      <FormsProvider {...(opts.provider ? { widgets: opts.provider } : {})}>
        <DynamicForm
          definition={definition}
          onSubmit={onSubmit}
          onResult={(r) => void results.push(r)}
          {...(opts.form ? { widgets: opts.form } : {})}
          {...(opts.initialValues ? { initialValues: opts.initialValues } : {})}
        />
      </FormsProvider>
    </Providers>,
  );
  return { results, onSubmit, user: userEvent.setup() };
}

const body: FieldDefinition = { type: 'x-shouting', name: 'body', inputs: { label: 'Body', required: true } };

describe('custom widgets (x-… types)', () => {
  it('renders a widget given to FormsProvider, labelled, and submits its value', async () => {
    const { user, onSubmit } = setup({ fields: [body] }, { provider: { 'x-shouting': Shouting } });
    await user.type(screen.getByLabelText(/Body/), 'hello');
    expect((screen.getByTestId('shouting-body') as HTMLInputElement).value).toBe('HELLO');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ body: 'HELLO' }, { isPristine: false });
  });

  it('shows the required error, aria-invalid and the asterisk after an invalid submit', async () => {
    const { user, results, onSubmit } = setup({ fields: [body] }, { provider: { 'x-shouting': Shouting } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(results[0]?.code).toBe(FORM_IS_INVALID);
    expect(onSubmit).not.toHaveBeenCalled();
    const input = screen.getByTestId('shouting-body');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('required');
    expect(input.closest('[data-field-name="body"]')?.textContent).toContain('*');
  });

  it('passes disabled (by a condition) and readOnly through, and validates neither', async () => {
    const { user, results } = setup(
      {
        fields: [
          { type: 'switch', name: 'locked', inputs: { label: 'Locked' } },
          { ...body, conditions: [{ on: 'locked', when: ['eq', { path: '' }, true], do: 'disable' }] },
          { type: 'x-shouting', name: 'note', inputs: { label: 'Note', readonly: true } },
        ],
      },
      { provider: { 'x-shouting': Shouting }, initialValues: { note: 'KEPT' } },
    );
    expect((screen.getByTestId('shouting-note') as HTMLInputElement).readOnly).toBe(true);
    await user.click(screen.getByLabelText('Locked'));
    expect((screen.getByTestId('shouting-body') as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(results[0]?.submitted).toBe(true);
  });

  it("prefers the form's own widgets over the provider's, and the provider's over nothing", () => {
    setup(
      { fields: [body, { type: 'x-other', name: 'extra' }] },
      { provider: { 'x-shouting': Shouting, 'x-other': Shouting }, form: { 'x-other': Other } },
    );
    expect(screen.getByTestId('shouting-body')).toBeTruthy();
    expect(screen.getByTestId('other').textContent).toBe('extra');
  });

  it('re-renders only the widget whose props changed when the user types', async () => {
    let heavyRenders = 0;
    function Heavy(props: WidgetProps<unknown>): ReactNode {
      heavyRenders += 1;
      return <p data-testid="heavy">{String(props.value ?? '')}</p>;
    }
    const { user } = setup(
      { fields: [body, { type: 'x-heavy', name: 'long' }] },
      { provider: { 'x-shouting': Shouting, 'x-heavy': Heavy }, initialValues: { long: 'unchanged' } },
    );
    const before = heavyRenders;
    await user.type(screen.getByLabelText(/Body/), 'hello');
    expect((screen.getByTestId('shouting-body') as HTMLInputElement).value).toBe('HELLO');
    // A long rich-text field next to the title is not drawn again for each key of the title.
    expect(heavyRenders).toBe(before);
    expect(screen.getByTestId('heavy').textContent).toBe('unchanged');
  });

  it("shows 'Template not found for {name}' for an x- type nobody registered", () => {
    setup({ fields: [{ type: 'x-map', name: 'where' }] });
    expect(screen.getByRole('alert').textContent).toBe('Template not found for x-map');
  });

  it('lets a custom widget hold a list (multiple is its own business)', () => {
    expect(
      normaliseField({ type: 'x-gallery', name: 'g', inputs: { multiple: true } }).isArrayUnsupported,
    ).toBe(false);
    expect(normaliseField({ type: 'text', name: 't', inputs: { multiple: true } }).isArrayUnsupported).toBe(
      true,
    );
  });

  it('merges a nested provider over the outer one', async () => {
    render(
      <Providers>
        <FormsProvider widgets={{ 'x-shouting': Other }}>
          <FormsProvider widgets={{ 'x-other': Other }}>
            <DynamicForm definition={{ fields: [body, { type: 'x-other', name: 'extra' }] }} />
          </FormsProvider>
        </FormsProvider>
      </Providers>,
    );
    await act(async () => {});
    expect(screen.getAllByTestId('other').map((p) => p.textContent)).toEqual(['body', 'extra']);
  });
});

// Type-level: a built-in type name misspelt is still a compile error; an `x-` name is accepted.
// @ts-expect-error 'tabel' is neither a built-in type nor an x- type
const misspelt: FieldDefinition = { type: 'tabel', name: 'rows' };
void misspelt;
