// The typed-date input shared by the date and date-range widgets: free text (ISO accepted) with
// a button that opens the calendar popover. The widgets own parsing and the popover's content.
import { ActionIcon, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
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

export function DateTextInput(props: {
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
}): ReactNode {
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
