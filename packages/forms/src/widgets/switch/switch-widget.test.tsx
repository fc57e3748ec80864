import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import { DynamicForm } from '../../engine/dynamic-form.tsx';

runWidgetConformance('switch', {
  sampleValue: false,
  otherValue: true,
  change: async ({ user, control }) => user.click(control),
  expectDisplayed: ({ control }, value) => expect((control as HTMLInputElement).checked).toBe(value),
});

describe('switch widget', () => {
  it('when required must be on: off fails, on passes', async () => {
    const user = userEvent.setup();
    let submitted: unknown;
    renderWithProviders(
      <DynamicForm
        definition={{
          fields: [{ type: 'switch', name: 'agree', inputs: { label: 'Agree', required: true } }],
        }}
        initialValues={{ agree: false }}
        onSubmit={(values) => {
          submitted = values;
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toBeUndefined();
    expect(screen.getByText('required')).toBeTruthy();
    await user.click(screen.getByLabelText(/Agree/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual({ agree: true });
  });
});
