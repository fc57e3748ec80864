import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import type { DataAdapter } from '../../types.ts';
import { SelectWidget } from './select-widget.tsx';

const items = [
  { value: 1, display: 'Syria' },
  { value: 2, display: 'Turkey' },
];

runWidgetConformance('select', {
  definitionExtras: { inputs: { items } },
  sampleValue: 1,
  otherValue: 2,
  change: async ({ user, control }) => {
    await user.click(control);
    await user.click(screen.getByRole('option', { name: 'Turkey' }));
  },
  expectDisplayed: ({ control }, value) =>
    expect((control as HTMLInputElement).value).toBe(value === 1 ? 'Syria' : 'Turkey'),
});

const base = {
  id: 's',
  onBlur: () => {},
  required: false,
  disabled: false,
  readOnly: false,
  dir: 'ltr' as const,
  locale: 'en' as const,
};

describe('select widget', () => {
  afterEach(() => vi.useRealTimers());

  it('puts its option list in the page only while it is open', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <SelectWidget
        {...base}
        field={{ type: 'select', name: 'c', inputs: { label: 'Country', items } }}
        value={null}
        onChange={() => {}}
      />,
    );
    // A closed list kept in the page is positioned on mount, a forced layout of the whole form.
    expect(document.querySelector('[role="listbox"]')).toBeNull();
    await user.click(screen.getByLabelText('Country', { selector: 'input' }));
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Syria' })).toBeTruthy();
  });

  it('supports multiple values', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(
      <SelectWidget
        {...base}
        field={{ type: 'select', name: 'c', inputs: { label: 'Countries', items, multiple: true } }}
        value={[1]}
        onChange={onChange}
      />,
    );
    await user.click(screen.getByLabelText('Countries', { selector: 'input' }));
    await user.click(screen.getByRole('option', { name: 'Turkey' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 2]);
  });

  it("says 'No options' when nothing matches", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <SelectWidget
        {...base}
        field={{ type: 'select', name: 'c', inputs: { label: 'Countries', items, showSearch: true } }}
        value={null}
        onChange={() => {}}
      />,
    );
    await user.type(screen.getByLabelText('Countries', { selector: 'input' }), 'zzz');
    expect(screen.getByText('No options')).toBeTruthy();
  });

  it("loads options through the adapter with the search, debounced 300 ms, showing 'Loading ...'", async () => {
    let resolve: (value: { data: Record<string, unknown>[]; total: number }) => void = () => {};
    const list = vi.fn<DataAdapter['list']>(
      () =>
        new Promise((done) => {
          resolve = done;
        }),
    );
    const adapter: DataAdapter = { list };
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <SelectWidget
        {...base}
        adapter={adapter}
        field={{
          type: 'select',
          name: 'author',
          inputs: { label: 'Author', source: { resource: 'author', params: { status: 'active' } } },
        }}
        value={null}
        onChange={onChange}
      />,
    );
    const input = screen.getByLabelText('Author', { selector: 'input' });
    await user.click(input);
    expect(list).toHaveBeenCalledWith('author', { status: 'active', search: '' });
    expect(screen.getByText('Loading ...')).toBeTruthy();
    await act(async () => resolve({ data: [{ _id: 'a1', name: 'Huda' }], total: 1 }));
    list.mockClear();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.type(input, 'Hu');
    expect(list).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(300));
    expect(list).toHaveBeenCalledTimes(1);
    expect(list).toHaveBeenLastCalledWith('author', { status: 'active', search: 'Hu' });
    await act(async () => resolve({ data: [{ _id: 'a1', name: 'Huda' }], total: 1 }));
    await user.click(within(document.body).getByRole('option', { name: 'Huda' }));
    expect(onChange).toHaveBeenLastCalledWith('a1');
  });

  it("shows 'DataAdapter is not provided' without an adapter", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <SelectWidget
        {...base}
        field={{
          type: 'select',
          name: 'author',
          inputs: { label: 'Author', source: { resource: 'author' } },
        }}
        value={null}
        onChange={() => {}}
      />,
    );
    await user.click(screen.getByLabelText('Author', { selector: 'input' }));
    expect(await screen.findByText('DataAdapter is not provided')).toBeTruthy();
  });
});
