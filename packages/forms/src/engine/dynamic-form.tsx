// <DynamicForm>: a definition rendered as top-level fields, then sections as collapsible panels
// (several may be open), each field through the registry, and a submit button.
import { Accordion, Box, Button, Group, Stack, Text } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { translate } from '../i18n/texts.ts';
import type { NormalisedSection } from '../model/normalise.ts';
import type { FormDefinition } from '../types.ts';
import { useDrawWhenNeeded } from './draw-when-needed.ts';
import { FieldRenderer } from './field-renderer.tsx';
import {
  type FormEngine,
  type FormEngineOptions,
  type SubmitResult,
  useFormEngine,
} from './use-form-engine.ts';

export interface DynamicFormProps extends FormEngineOptions {
  definition: FormDefinition;
  /** An engine from useFormEngine, when the caller needs the state; else the form makes its own. */
  engine?: FormEngine;
  /** Every submit attempt's outcome (FORM_IS_INVALID, FORM_IS_PRISTINE or a submission). */
  onResult?: (result: SubmitResult) => void;
  /** Called when onSubmit throws; without it the error propagates. */
  onSubmitError?: (error: unknown) => void;
  submitLabel?: ReactNode;
  hideSubmit?: boolean;
  /** Extra actions beside the submit button. */
  actions?: ReactNode;
}

export function DynamicForm({ engine, ...props }: DynamicFormProps) {
  return engine ? <FormView {...props} engine={engine} /> : <OwnEngineForm {...props} />;
}

function OwnEngineForm(props: Omit<DynamicFormProps, 'engine'>) {
  const engine = useFormEngine(props.definition, props);
  return <FormView {...props} engine={engine} />;
}

function FormView({
  engine,
  onResult,
  onSubmitError,
  submitLabel,
  hideSubmit,
  actions,
}: Omit<DynamicFormProps, 'engine'> & { engine: FormEngine }) {
  const { form } = engine;
  const firstName = form.allFields[0]?.name;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      // Not `onResult?.(await engine.submit())`: an absent onResult would skip the submit.
      const result = await engine.submit();
      onResult?.(result);
    } catch (error) {
      if (!onSubmitError) throw error;
      onSubmitError(error);
    }
  };
  return (
    <Box component="form" noValidate onSubmit={onSubmit} dir={engine.dir} data-form={form.definition.name}>
      <Stack gap="md">
        {form.fields.map((field) => (
          <FieldRenderer key={field.name} engine={engine} field={field} isFirst={field.name === firstName} />
        ))}
        {form.sections.length > 0 ? (
          <Accordion
            multiple
            value={engine.openSections}
            onChange={engine.setOpenSections}
            variant="separated"
          >
            {form.sections.map((section, index) => (
              <Accordion.Item key={section.name} value={section.name} data-section={section.name}>
                <Accordion.Control>{section.title ?? section.name}</Accordion.Control>
                <Accordion.Panel>
                  <SectionFields
                    engine={engine}
                    section={section}
                    firstName={firstName}
                    eager={index === 0}
                  />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        ) : null}
        {hideSubmit && !actions ? null : (
          <Group justify="flex-end">
            {actions}
            {hideSubmit ? null : (
              <Button type="submit">{submitLabel ?? translate(engine.locale, 'submit')}</Button>
            )}
          </Group>
        )}
      </Stack>
    </Box>
  );
}

/** The height a field takes, for the placeholder of a section not drawn yet. */
const FIELD_HEIGHT_PX = 72;

/**
 * A section's fields. Sections below the window at the first draw are drawn when they come near it,
 * when the browser is idle (one per idle period), or at once when the form is submitted (the first
 * invalid field is focused, wherever it is): a long editor's first draw holds only what is seen.
 */
function SectionFields({
  engine,
  section,
  firstName,
  eager,
}: {
  engine: FormEngine;
  section: NormalisedSection;
  firstName: string | undefined;
  eager: boolean;
}) {
  const { reason, placeholder } = useDrawWhenNeeded<HTMLDivElement>();
  if (!eager && !reason && !engine.isSubmitted) {
    return (
      <div
        ref={placeholder}
        data-section-pending={section.name}
        style={{ minHeight: section.fields.length * FIELD_HEIGHT_PX }}
      />
    );
  }
  return (
    <Stack gap="md">
      {section.description ? (
        <Text size="sm" c="dimmed">
          {section.description}
        </Text>
      ) : null}
      {section.fields.map((field) => (
        <FieldRenderer key={field.name} engine={engine} field={field} isFirst={field.name === firstName} />
      ))}
    </Stack>
  );
}
