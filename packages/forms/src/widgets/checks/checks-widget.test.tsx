import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import { DynamicForm } from '../../engine/dynamic-form.tsx';

const items = [
  { value: 'a', display: 'Alpha' },
  { value: 'b', display: 'Beta' },
  { value: 'c', display: 'Gamma' },
];

runWidgetConformance('checks', {
  definitionExtras: { inputs: { items } },
  sampleValue: ['a'],
  otherValue: ['a', 'c'],
  change: async ({ user, root }) => user.click(within(root).getByLabelText('Gamma')),
  expectDisplayed: ({ root }, value) => {
    for (const item of items) {
      const box = within(root).getByLabelText(item.display) as HTMLInputElement;
      expect(box.checked).toBe((value as string[]).includes(item.value));
    }
  },
});

describe('checks widget, single checkbox (no items)', () => {
  runWidgetConformance('checks', {
    sampleValue: false,
    otherValue: true,
    change: async ({ user, control }) => user.click(control),
    expectDisplayed: ({ control }, value) => expect((control as HTMLInputElement).checked).toBe(value),
  });

  it('a required single checkbox must be checked', async () => {
    const user = userEvent.setup();
    let submitted: unknown;
    renderWithProviders(
      <DynamicForm
        definition={{
          fields: [{ type: 'checks', name: 'terms', inputs: { label: 'Terms', required: true } }],
        }}
        initialValues={{ terms: false }}
        onSubmit={(values) => {
          submitted = values;
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toBeUndefined();
    await user.click(screen.getByLabelText(/Terms/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual({ terms: true });
  });
});

describe('checks widget, group', () => {
  it('keeps the items order whatever the click order, and unchecks', async () => {
    const user = userEvent.setup();
    let submitted: Record<string, unknown> | undefined;
    renderWithProviders(
      <DynamicForm
        definition={{ fields: [{ type: 'checks', name: 'tags', inputs: { label: 'Tags', items } }] }}
        onSubmit={(values) => {
          submitted = values;
        }}
      />,
    );
    await user.click(screen.getByLabelText('Gamma'));
    await user.click(screen.getByLabelText('Alpha'));
    await user.click(screen.getByLabelText('Beta'));
    await user.click(screen.getByLabelText('Beta'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual({ tags: ['a', 'c'] });
  });
});
