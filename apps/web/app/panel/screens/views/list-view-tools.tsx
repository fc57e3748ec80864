// The lists' toolbar for views and exports (issue 35 §4): "Save this view" (a name, private or
// shared with roles), the list's saved views (open; rename and delete your own), and Export as CSV
// or JSON of every row of the current view, not only the page shown. The list's state is its
// address (use-list-params.ts), so a view is the address's query string.
import { Button, Checkbox, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { confirmDelete, showFailedToast, showSuccessToast } from '@tabayyun/forms';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { format, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import type { Params } from '../../lib/api-client.ts';
import { failureMessage } from '../../lib/errors.ts';
import { apiPath, useCan } from '../../lib/permissions.ts';
import { useSession } from '../../lib/use-session.ts';
import { roleLabel, useAllRoles } from '../roles/role-names.ts';
import { VIEW_TEXTS } from './view-texts.ts';
import {
  downloadExport,
  EXPORTABLE,
  exportQuery,
  type SavedView,
  useSavedViews,
  useViewWrites,
  VIEWABLE,
  viewHref,
  viewQueryOf,
} from './views-data.ts';

export interface ListViewToolsProps {
  resource: string;
  /** The table's API params of the view shown (filters, sort, search, select, lookup). */
  params: Params;
  /** The visible columns, in order: the export's columns. */
  columns: readonly string[];
}

export function ListViewTools({ resource, params, columns }: ListViewToolsProps) {
  const t = useTexts(VIEW_TEXTS);
  const { pathname, search } = useLocation();
  const [dialog, setDialog] = useState<{ view?: SavedView } | null>(null);
  const [exporting, setExporting] = useState(false);
  const views = useSavedViews();
  const { claims } = useSession();
  const writes = useViewWrites();
  const navigate = useNavigate();
  const { language } = usePanelLanguage();

  const mine = (view: SavedView) => view.owner === claims?.sub;
  const ofThisList = (views.data ?? []).filter((v) => v.path === pathname);
  const current = ofThisList.find((v) => v.query === viewQueryOf(search));

  const runExport = async (kind: 'csv' | 'json') => {
    setExporting(true);
    try {
      await downloadExport(resource, kind, { ...exportQuery(params), columns: columns.join(',') });
      showSuccessToast(t.exported);
    } catch (error) {
      showFailedToast(format(t.exportFailed, { message: failureMessage(error) }));
    } finally {
      setExporting(false);
    }
  };
  const remove = async (view: SavedView) => {
    if (!(await confirmDelete({ locale: language, text: format(t.confirmDelete, { name: view.name }) })))
      return;
    try {
      await writes.remove(view._id);
      showSuccessToast(t.deleted);
    } catch (error) {
      showFailedToast(failureMessage(error));
    }
  };

  return (
    <Group gap="xs" wrap="wrap" data-testid="list-view-tools">
      {VIEWABLE.has(resource) ? (
        <>
          <Button variant="default" size="sm" onClick={() => setDialog({})} data-testid="save-view">
            {t.saveView}
          </Button>
          {ofThisList.length > 0 ? (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="default" size="sm" data-testid="views-menu">
                  {current ? `${t.views}: ${current.name}` : t.views}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {ofThisList.map((view) => (
                  <Menu.Item key={view._id} onClick={() => navigate(viewHref(view))} data-view={view.name}>
                    <span dir="auto">{view.name}</span>
                    {mine(view) ? null : (
                      <Text span size="xs" c="dimmed" ms={6}>
                        ({t.sharedBy})
                      </Text>
                    )}
                  </Menu.Item>
                ))}
                {current && mine(current) ? (
                  <>
                    <Menu.Divider />
                    <Menu.Item onClick={() => setDialog({ view: current })}>
                      {format(t.rename, { name: current.name })}
                    </Menu.Item>
                    <Menu.Item color="red" onClick={() => void remove(current)}>
                      {format(t.remove, { name: current.name })}
                    </Menu.Item>
                  </>
                ) : null}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </>
      ) : null}
      {EXPORTABLE.has(resource) ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" size="sm" loading={exporting} data-testid="export-menu">
              {t.export}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => void runExport('csv')} data-testid="export-csv">
              {t.exportCsv}
            </Menu.Item>
            <Menu.Item onClick={() => void runExport('json')} data-testid="export-json">
              {t.exportJson}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : null}
      {dialog ? (
        <ViewDialog
          view={dialog.view}
          onClose={() => setDialog(null)}
          onSave={async ({ name, sharedWith }) => {
            if (dialog.view) {
              await writes.rename(dialog.view._id, name);
              showSuccessToast(t.renamed);
            } else {
              await writes.create({ name, resource, path: pathname, query: viewQueryOf(search), sharedWith });
              showSuccessToast(t.saved);
            }
          }}
        />
      ) : null}
    </Group>
  );
}

/** Save (a name and the roles to share with) or rename a view. */
function ViewDialog(props: {
  view: SavedView | undefined;
  onClose(): void;
  onSave(value: { name: string; sharedWith: string[] }): Promise<void>;
}) {
  const t = useTexts(VIEW_TEXTS);
  const { language } = usePanelLanguage();
  const can = useCan();
  const { claims } = useSession();
  const canListRoles = can('Read', apiPath('role'));
  const allRoles = useAllRoles(canListRoles);
  // Without the right to list roles, a user shares with the roles they have.
  const roles = canListRoles
    ? allRoles.roles
    : ((claims?.roles as string[] | undefined) ?? []).map((id) => ({ _id: id, name: '' }));
  const [name, setName] = useState(props.view?.name ?? '');
  const [sharedWith, setSharedWith] = useState<string[]>(props.view?.sharedWith ?? []);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!name.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await props.onSave({ name: name.trim(), sharedWith });
      props.onClose();
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      closeButtonProps={{ 'aria-label': t.cancel }}
      title={props.view ? format(t.rename, { name: props.view.name }) : t.saveView}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t.viewName}
            placeholder={t.viewNamePlaceholder}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            required
            maxLength={80}
            error={error ?? undefined}
            data-autofocus
            data-testid="view-name"
          />
          {props.view ? null : (
            <Checkbox.Group
              label={t.shareWith}
              description={t.shareHint}
              value={sharedWith}
              onChange={setSharedWith}
            >
              <Stack gap={6} mt={6}>
                {roles.map((role) => (
                  <Checkbox key={role._id} value={role._id} label={roleLabel(role, language)} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={busy} disabled={!name.trim()} data-testid="view-save">
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
