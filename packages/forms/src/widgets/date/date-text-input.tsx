// The typed-date input shared by the date and date-range widgets: free text (ISO accepted) with
// a button that opens the calendar popover. The widgets own parsing and the popover's content.
import { ActionIcon, Popover, TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { fieldShellProps } from '../../engine/field-shell.tsx';

export function CalendarIcon(): ReactNode {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 11h18" />
    </svg>
  );
}

type DateTextInputProps = {
  shell: ReturnType<typeof fieldShellProps>;
  dir: 'rtl' | 'ltr';
  text: string;
  placeholder: string;
  disabled: boolean;
  readOnly: boolean;
  error: string | undefined;
  inputMode?: 'numeric';
  isOpen: boolean;
  isInteractive: boolean;
  onText(text: string): void;
  onBlur(): void;
  onToggle(): void;
};

export function DateTextInput(props: DateTextInputProps): ReactNode {
  return (
    <TextInput
      {...props.shell}
      dir={props.dir}
      value={props.text}
      placeholder={props.placeholder}
      disabled={props.disabled}
      readOnly={props.readOnly}
      aria-invalid={props.error ? true : undefined}
      {...(props.inputMode ? { inputMode: props.inputMode } : {})}
      autoComplete="off"
      onChange={(event) => props.onText(event.currentTarget.value)}
      onBlur={props.onBlur}
      rightSection={
        <ActionIcon
          variant="subtle"
          aria-label="Open calendar"
          aria-expanded={props.isOpen}
          disabled={!props.isInteractive}
          onClick={props.onToggle}
        >
          <CalendarIcon />
        </ActionIcon>
      }
    />
  );
}

/**
 * The text a reader types mirrors the value: a value set from outside (reset, patch) replaces
 * the typed text, but our own echo of what was typed does not (it would undo half-typed input).
 */
export function useTypedValue<V>(
  value: V,
  format: (value: V) => string,
  isSame: (left: V, right: V) => boolean,
  onChange: (value: V) => void,
) {
  const [text, setText] = useState(format(value));
  const lastEmitted = useRef(value);
  useEffect(() => {
    if (!isSame(value, lastEmitted.current)) {
      lastEmitted.current = value;
      setText(format(value));
    }
  }, [value, format, isSame]);
  const emit = (next: V) => {
    lastEmitted.current = next;
    onChange(next);
  };
  return { text, setText, emit };
}

/** The typed input with the calendar popover below it; `children` is the calendar. */
export function DatePopover(
  props: Omit<DateTextInputProps, 'onToggle'> & { setOpen(open: boolean): void; children: ReactNode },
): ReactNode {
  const { setOpen, children, ...input } = props;
  return (
    <Popover
      opened={props.isOpen && props.isInteractive}
      onChange={setOpen}
      position="bottom-start"
      trapFocus={false}
      // The target keeps the field id the label points to; Popover would replace it with its own.
      withRoles={false}
    >
      <Popover.Target>
        <DateTextInput {...input} onToggle={() => setOpen(!props.isOpen)} />
      </Popover.Target>
      <Popover.Dropdown dir={props.dir}>{children}</Popover.Dropdown>
    </Popover>
  );
}
