// /panel/profile (beyond the spec): the signed-in user's own account. Name and avatar (PATCH
// /api/user/{sub}, when their roles may; else read-only), the password (the server has no
// self-service change: a reset link by email through {auth}/forgot-password), and the signed-in
// devices (devices-card.tsx: {auth}/devices, signing one or all others out).
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  DynamicForm,
  type FormDefinition,
  showFailedToast,
  showSavedToast,
  showSuccessToast,
} from '@tabayyun/forms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { defineTexts, format, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { apiClient } from '../../lib/api-client.ts';
import { failureMessage } from '../../lib/errors.ts';
import { apiPath, useCan } from '../../lib/permissions.ts';
import { sessionManager } from '../../lib/session.ts';
import { useSession } from '../../lib/use-session.ts';
import { ErrorView } from '../../shell/status-view.tsx';
import { NotificationSettings } from '../notifications/notification-settings.tsx';
import { useAllRoles } from '../roles/role-names.ts';
import { DevicesCard } from './devices-card.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

const TEXTS = defineTexts({
  en: {
    title: 'Profile',
    account: 'Account',
    email: 'Email',
    roles: 'Roles',
    fullName: 'Full name',
    picture: 'Picture',
    changePicture: 'Change picture',
    removePicture: 'Remove picture',
    save: 'Save',
    readOnly: 'Your roles do not allow changing your own name or picture; an administrator can.',
    password: 'Password',
    passwordText:
      'The back office has no direct password change. We email you a link to set a new password; it works once and expires soon.',
    sendLink: 'Send me a reset link',
    linkSent: 'A reset link is on its way to {email}',
    failed: 'Failed! {message}',
  },
  ar: {
    title: 'الملف الشخصي',
    account: 'الحساب',
    email: 'البريد الإلكتروني',
    roles: 'الأدوار',
    fullName: 'الاسم الكامل',
    picture: 'الصورة',
    changePicture: 'تغيير الصورة',
    removePicture: 'إزالة الصورة',
    save: 'حفظ',
    readOnly: 'أدوارك لا تسمح بتعديل اسمك أو صورتك بنفسك؛ يستطيع ذلك أحد المديرين.',
    password: 'كلمة المرور',
    passwordText:
      'لا تتيح لوحة التحرير تغيير كلمة المرور مباشرة. نرسل إليك رابطًا بالبريد لتعيين كلمة مرور جديدة، يصلح مرة واحدة وتنتهي صلاحيته قريبًا.',
    sendLink: 'أرسل لي رابط إعادة التعيين',
    linkSent: 'أُرسل رابط إعادة التعيين إلى {email}',
    failed: 'تعذّر ذلك: {message}',
  },
});

interface Me {
  _id: string;
  email: string;
  name?: string | null;
  roles?: string[] | null;
  picture?: string | null;
}

/** Avatars live in their own folder of the file store. */
export const AVATAR_FOLDER = 'avatars';

export default function ProfileScreen() {
  const t = useTexts(TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const { claims } = useSession();
  const sub = claims?.sub ?? '';
  const me = useQuery({
    queryKey: ['user', 'me', sub],
    queryFn: ({ signal }) =>
      apiClient().get<Me>('user', sub, { select: '_id,email,name,roles,picture' }, signal),
    enabled: Boolean(sub),
  });
  return (
    <>
      <PageHeader title={t.title} />
      {me.isError ? (
        <ErrorView error={me.error} />
      ) : !me.data ? (
        <Loader aria-label={common.loading} />
      ) : (
        <Stack gap="lg" maw={900}>
          <AccountCard me={me.data} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <PasswordCard email={me.data.email} />
            <DevicesCard />
          </SimpleGrid>
          <TwoFactorSection />
          {/* The desk's notification e-mails (issue 35 §3). */}
          <NotificationSettings />
        </Stack>
      )}
    </>
  );
}

function AccountCard({ me }: { me: Me }) {
  const t = useTexts(TEXTS);
  const { language } = usePanelLanguage();
  const can = useCan();
  const queryClient = useQueryClient();
  const { labelOf } = useAllRoles(can('Read', apiPath('role')));
  const mayEdit = can('Patch', apiPath('user'));
  const definition = useMemo<FormDefinition>(
    () => ({
      name: 'profile',
      fields: [
        { type: 'text', name: 'name', inputs: { label: t.fullName, required: true, readonly: !mayEdit } },
      ],
    }),
    [t, mayEdit],
  );
  const initialValues = useMemo(() => ({ name: me.name ?? '' }), [me]);
  const [uploading, setUploading] = useState(false);
  const patch = async (operations: { op: 'replace'; path: string; value: unknown }[]) => {
    try {
      await apiClient().patch('user', me._id, operations);
      showSavedToast(language);
      await queryClient.invalidateQueries({ queryKey: ['user', 'me'] });
    } catch (error) {
      showFailedToast(format(t.failed, { message: failureMessage(error) }));
    }
  };
  const save = (values: Record<string, unknown>) =>
    patch([{ op: 'replace', path: '/name', value: String(values.name ?? '').trim() }]);
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      const record = await apiClient().upload(AVATAR_FOLDER, file, {
        onProgress: () => {},
        signal: new AbortController().signal,
        fieldname: 'file',
      });
      await patch([{ op: 'replace', path: '/picture', value: record.path }]);
    } catch (error) {
      showFailedToast(format(t.failed, { message: failureMessage(error) }));
    } finally {
      setUploading(false);
    }
  };
  const pictureUrl = me.picture ? `/${me.picture.replace(/^\//, '')}` : undefined;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-account">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="center">
          <Avatar
            src={pictureUrl}
            alt={t.picture}
            size={64}
            radius="xl"
            name={me.name ?? me.email}
            color="initials"
          />
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id="profile-account">
              {t.account}
            </Title>
            <Text
              size="sm"
              dir="ltr"
              ta="start"
              style={{ overflowWrap: 'anywhere' }}
              data-testid="profile-email"
            >
              {me.email}
            </Text>
            <Group gap={4} mt={4} aria-label={t.roles} role="list">
              {(me.roles ?? []).map((role) => (
                <Badge key={role} variant="default" size="sm" tt="none" role="listitem">
                  {labelOf(role)}
                </Badge>
              ))}
            </Group>
          </div>
        </Group>
        {mayEdit ? null : (
          <Alert variant="light" color="brand">
            <Text size="sm">{t.readOnly}</Text>
          </Alert>
        )}
        {mayEdit ? (
          <Group gap="sm">
            <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg,image/webp">
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  size="xs"
                  loading={uploading}
                  data-testid="change-picture"
                >
                  {t.changePicture}
                </Button>
              )}
            </FileButton>
            {me.picture ? (
              <Button
                variant="default"
                size="xs"
                onClick={() => void patch([{ op: 'replace', path: '/picture', value: null }])}
                data-testid="remove-picture"
              >
                {t.removePicture}
              </Button>
            ) : null}
          </Group>
        ) : null}
        <DynamicForm
          key={`${me._id}-${me.name}`}
          definition={definition}
          initialValues={initialValues}
          onSubmit={save}
          submitLabel={t.save}
          hideSubmit={!mayEdit}
        />
      </Stack>
    </Card>
  );
}

function PasswordCard({ email }: { email: string }) {
  const t = useTexts(TEXTS);
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await sessionManager().forgotPassword(email);
      showSuccessToast(format(t.linkSent, { email }));
    } catch (error) {
      showFailedToast(format(t.failed, { message: failureMessage(error) }));
    } finally {
      setSending(false);
    }
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-password">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="profile-password">
          {t.password}
        </Title>
        <Text size="sm">{t.passwordText}</Text>
        <Button variant="default" onClick={() => void send()} loading={sending} data-testid="send-reset-link">
          {t.sendLink}
        </Button>
      </Stack>
    </Card>
  );
}
