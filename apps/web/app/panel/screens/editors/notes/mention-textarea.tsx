// A textarea with @mention suggestions: typing "@" and a few letters offers the colleagues with
// access to the item (arrow keys and Enter, or a click); a chosen name is written as "@Name" and
// its user id kept, so the server notifies exactly the people named.
import { Box, Textarea, UnstyledButton } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { format } from '../../../i18n/i18n.tsx';

export interface Colleague {
  _id: string;
  name: string;
}

/** The "@query" being typed just before the cursor, if any. */
function mentionAt(text: string, cursor: number): { start: number; query: string } | undefined {
  const before = text.slice(0, cursor);
  const match = /(^|\s)@([^\s@]{0,30})$/u.exec(before);
  if (!match) return undefined;
  return { start: cursor - match[2]!.length - 1, query: match[2]! };
}

export function MentionTextarea(props: {
  label: string;
  description?: string;
  value: string;
  colleagues: Colleague[];
  suggestionsLabel: string;
  mentionLabel: string;
  onChange(value: string): void;
  onMention(colleague: Colleague): void;
  testId?: string;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [typing, setTyping] = useState<{ start: number; query: string } | undefined>();
  const [active, setActive] = useState(0);
  const q = typing?.query.toLocaleLowerCase() ?? '';
  const offered = typing
    ? props.colleagues.filter((c) => c.name.toLocaleLowerCase().includes(q)).slice(0, 6)
    : [];
  const choose = (colleague: Colleague) => {
    if (!typing) return;
    const cursor = typing.start + 1 + typing.query.length;
    const next = `${props.value.slice(0, typing.start)}@${colleague.name} ${props.value.slice(cursor)}`;
    props.onChange(next);
    props.onMention(colleague);
    setTyping(undefined);
    const at = typing.start + colleague.name.length + 2;
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(at, at);
    });
  };
  const open = offered.length > 0;
  return (
    <Box pos="relative">
      <Textarea
        ref={ref}
        label={props.label}
        description={props.description}
        value={props.value}
        autosize
        minRows={2}
        maxRows={8}
        dir="auto"
        onChange={(event) => {
          const el = event.currentTarget;
          props.onChange(el.value);
          setTyping(mentionAt(el.value, el.selectionStart ?? el.value.length));
          setActive(0);
        }}
        onKeyDown={(event) => {
          if (!open) return;
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setActive((a) => (a + 1) % offered.length);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((a) => (a - 1 + offered.length) % offered.length);
          } else if (event.key === 'Enter' || event.key === 'Tab') {
            event.preventDefault();
            choose(offered[active]!);
          } else if (event.key === 'Escape') {
            setTyping(undefined);
          }
        }}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        data-testid={props.testId}
      />
      {open ? (
        <Box
          id={listId}
          role="listbox"
          aria-label={props.suggestionsLabel}
          mt={4}
          p={4}
          style={{
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 4,
            background: 'var(--mantine-color-body)',
          }}
          data-testid="mention-suggestions"
        >
          {offered.map((c, i) => (
            <UnstyledButton
              key={c._id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              aria-label={format(props.mentionLabel, { name: c.name })}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(c)}
              display="block"
              w="100%"
              p={4}
              style={{
                borderRadius: 4,
                background: i === active ? 'var(--mantine-color-blue-light)' : undefined,
              }}
              data-mention={c._id}
            >
              {c.name}
            </UnstyledButton>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
