import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import { DynamicForm } from '../../engine/dynamic-form.tsx';
import type { FieldDefinition } from '../../types.ts';
import { checkPasswordStrength } from '../../validators/password-strength.ts';

runWidgetConformance('password', { sampleValue: 'secret', otherValue: 'other' });

function renderForm(field: FieldDefinition) {
  const submitted: Record<string, unknown>[] = [];
  renderWithProviders(
    <DynamicForm definition={{ fields: [field] }} onSubmit={(values) => void submitted.push(values)} />,
  );
  return submitted;
}

describe('password widget', () => {
  it('toggles between hidden and shown', async () => {
    const user = userEvent.setup();
    renderForm({ type: 'password', name: 'password', inputs: { label: 'Password' } });
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.getAttribute('type')).toBe('password');
  });

  it('blocks the submit while the confirm box does not match', async () => {
    const user = userEvent.setup();
    const submitted = renderForm({
      type: 'password',
      name: 'password',
      inputs: { label: 'Password', confirm: true },
    });
    await user.type(screen.getByLabelText('Password'), 'abc123');
    await user.type(screen.getByLabelText('Confirm password'), 'abc12');
    await user.tab();
    expect(screen.getByText('Password and confirm password do not match')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toHaveLength(0);
    await user.type(screen.getByLabelText('Confirm password'), '3');
    expect(screen.queryByText('Password and confirm password do not match')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual([{ password: 'abc123' }]);
  });

  it('shows the strength messages', async () => {
    const user = userEvent.setup();
    renderForm({
      type: 'password',
      name: 'password',
      inputs: { label: 'Password', strength: { upper: 2, digit: [1, 2] } },
    });
    const input = screen.getByLabelText('Password');
    await user.type(input, 'Abc1');
    await user.tab();
    expect(screen.getByText('Password should have at least 2 upper')).toBeTruthy();
    await user.clear(input);
    await user.type(input, 'ABc123');
    expect(screen.getByText('Password should have at most 2 digit')).toBeTruthy();
  });

  it('generates a password meeting the rules into both boxes', async () => {
    const user = userEvent.setup();
    const strength = { lower: 2, upper: [2, 3], digit: 2, special: 1 };
    const submitted = renderForm({
      type: 'password',
      name: 'password',
      inputs: { label: 'Password', confirm: true, generate: true, strength },
    });
    await user.click(screen.getByRole('button', { name: 'Generate password' }));
    const password = (screen.getByLabelText('Password') as HTMLInputElement).value;
    expect(password.length).toBeGreaterThanOrEqual(8);
    expect((screen.getByLabelText('Confirm password') as HTMLInputElement).value).toBe(password);
    expect(checkPasswordStrength(password, strength)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual([{ password }]);
  });
});
