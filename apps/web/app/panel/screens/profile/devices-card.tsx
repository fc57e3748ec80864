// The profile's sessions (issue 34): every device signed in to the account, with its browser, the
// address and time the server last saw it, and which one is this one (the server tells, from the
// access token's session). "Sign out" ends one device's sessions (DELETE {auth}/device?id=), "Sign
// out everywhere else" all but this one (DELETE {auth}/devices?others=true); the other device finds
// out at its next refresh, which is refused and sends it to the sign-in page.
import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { confirm, showFailedToast, showSuccessToast } from '@tabayyun/forms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { defineTexts, format, useFormatters, useTexts } from '../../i18n/i18n.tsx';
import { panelBases } from '../../lib/bases.ts';
import { deviceId } from '../../lib/device.ts';
import { failureMessage } from '../../lib/errors.ts';
import { sessionManager } from '../../lib/session.ts';

export const DEVICES_TEXTS = defineTexts({
  en: {
    devices: 'Signed-in devices',
    devicesText:
      'Browsers and apps signed in to your account. Signing one out ends its sessions: it is sent to the sign-in page at its next refresh.',
    thisDevice: 'This device',
    unknownDevice: 'Unknown browser',
    browser: 'Browser: {browser}',
    address: 'Address',
    lastSeen: 'Last seen {date}',
    firstSeen: 'Since {date}',
    signOutDevice: 'Sign out',
    signOutNamed: 'Sign out {name}',
    signOutTitle: 'Sign this device out?',
    signOutText: 'Its sessions end at once; whoever uses it must sign in again.',
    signOutConfirm: 'Sign it out',
    signOutOthers: 'Sign out everywhere else',
    signOutOthersTitle: 'Sign out every other device?',
    signOutOthersText:
      'Every session of your account ends except this one. Do this if you signed in somewhere you no longer trust, or think someone else knows your password.',
    signOutOthersConfirm: 'Sign them out',
    signedOutOthers: 'Every other device has been signed out',
    discard: 'Discard',
    signedOut: 'The device has been signed out',
    noDevices: 'No device recorded yet.',
    failed: 'Failed! {message}',
  },
  ar: {
    devices: 'الأجهزة المسجّل دخولها',
    devicesText:
      'المتصفحات والتطبيقات المسجّل دخولها إلى حسابك. تسجيل خروج أحدها يُنهي جلساته، فيُعاد إلى صفحة الدخول عند تحديثه التالي للجلسة.',
    thisDevice: 'هذا الجهاز',
    unknownDevice: 'متصفح غير معروف',
    browser: 'المتصفح: {browser}',
    address: 'العنوان',
    lastSeen: 'آخر نشاط {date}',
    firstSeen: 'منذ {date}',
    signOutDevice: 'تسجيل الخروج',
    signOutNamed: 'تسجيل الخروج من {name}',
    signOutTitle: 'تسجيل خروج هذا الجهاز؟',
    signOutText: 'تنتهي جلساته فورًا، وعلى من يستخدمه أن يسجّل الدخول من جديد.',
    signOutConfirm: 'سجّل خروجه',
    signOutOthers: 'تسجيل الخروج من كل الأجهزة الأخرى',
    signOutOthersTitle: 'تسجيل خروج كل الأجهزة الأخرى؟',
    signOutOthersText:
      'تنتهي كل جلسات حسابك ما عدا هذه. افعل ذلك إن سجّلت الدخول من مكان لم تعد تثق به، أو ظننت أن أحدًا يعرف كلمة مرورك.',
    signOutOthersConfirm: 'سجّل خروجها',
    signedOutOthers: 'سُجّل خروج كل الأجهزة الأخرى',
    discard: 'تراجع',
    signedOut: 'سُجّل خروج الجهاز',
    noDevices: 'لا أجهزة مسجّلة بعد.',
    failed: 'تعذّر ذلك: {message}',
  },
});

export interface DeviceRow {
  id: string;
  name?: string;
  description?: string;
  os?: string;
  ua?: string;
  browser?: string;
  ip?: string;
  createdAt?: string;
  lastSeenAt?: string;
  current?: boolean;
}

export const DEVICES_QUERY_KEY = ['auth', 'devices'] as const;

/** This device first, then the others as the server sorts them (most recently seen first). */
export function orderDevices(rows: DeviceRow[], localId: string): (DeviceRow & { current: boolean })[] {
  const anyCurrent = rows.some((row) => row.current === true);
  // An older server that does not say which is current: the id this browser keeps tells.
  const marked = rows.map((row) => ({
    ...row,
    current: anyCurrent ? row.current === true : row.id === localId,
  }));
  return [...marked.filter((row) => row.current), ...marked.filter((row) => !row.current)];
}

export function DevicesCard() {
  const t = useTexts(DEVICES_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const fmt = useFormatters();
  const queryClient = useQueryClient();
  const devices = useQuery({
    queryKey: DEVICES_QUERY_KEY,
    queryFn: ({ signal }) =>
      sessionManager().authorized<{ data: DeviceRow[] }>('GET', `${panelBases().auth}/devices`, { signal }),
  });
  const rows = orderDevices(devices.data?.data ?? [], deviceId());
  const others = rows.filter((row) => !row.current);

  const end = async (
    ask: { title: string; text: string; confirm: string },
    call: () => Promise<unknown>,
    done: string,
  ) => {
    const ok = await confirm({ ...ask, discard: t.discard, confirmColor: 'red.9' });
    if (!ok) return;
    try {
      await call();
      showSuccessToast(done);
      await queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY });
    } catch (error) {
      showFailedToast(format(t.failed, { message: failureMessage(error) }));
    }
  };
  const signOut = (device: DeviceRow, label: string) =>
    end(
      { title: t.signOutTitle, text: `${label} · ${t.signOutText}`, confirm: t.signOutConfirm },
      () =>
        sessionManager().authorized('DELETE', `${panelBases().auth}/device`, { query: { id: device.id } }),
      t.signedOut,
    );
  const signOutOthers = () =>
    end(
      { title: t.signOutOthersTitle, text: t.signOutOthersText, confirm: t.signOutOthersConfirm },
      () =>
        sessionManager().authorized('DELETE', `${panelBases().auth}/devices`, { query: { others: 'true' } }),
      t.signedOutOthers,
    );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-devices" id="sessions">
      <Stack gap="sm">
        <Title order={2} size="h4" id="profile-devices">
          {t.devices}
        </Title>
        <Text size="sm">{t.devicesText}</Text>
        {devices.isError ? (
          <Text size="sm">{format(t.failed, { message: failureMessage(devices.error) })}</Text>
        ) : devices.isPending ? (
          <Loader size="sm" aria-label={common.loading} />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.noDevices}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="device-list">
            {rows.map((device) => {
              const label = [device.name, device.os].filter(Boolean).join(' · ') || t.unknownDevice;
              return (
                <Card
                  key={device.id}
                  withBorder
                  padding="sm"
                  component="li"
                  data-device-id={device.id}
                  data-current={device.current ? 'true' : undefined}
                >
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <div style={{ minWidth: 0 }}>
                      <Group gap={6}>
                        <Text size="sm" fw={600} dir="auto">
                          {label}
                        </Text>
                        {device.current ? (
                          <Badge size="sm" variant="filled" tt="none">
                            {t.thisDevice}
                          </Badge>
                        ) : null}
                      </Group>
                      {device.browser ? (
                        <Text size="xs" c="dimmed" data-field="browser">
                          {format(t.browser, { browser: device.browser })}
                        </Text>
                      ) : null}
                      {device.ip ? (
                        <Text size="xs" c="dimmed" data-field="address">
                          {t.address}:{' '}
                          <Text span inherit dir="ltr">
                            {device.ip}
                          </Text>
                        </Text>
                      ) : null}
                      <Text size="xs" c="dimmed" data-field="last-seen">
                        {device.lastSeenAt
                          ? format(t.lastSeen, { date: fmt.dateTime(device.lastSeenAt) })
                          : format(t.firstSeen, { date: fmt.dateTime(device.createdAt) })}
                      </Text>
                    </div>
                    {device.current ? null : (
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => void signOut(device, label)}
                        aria-label={format(t.signOutNamed, { name: label })}
                        data-action="sign-out-device"
                      >
                        {t.signOutDevice}
                      </Button>
                    )}
                  </Group>
                </Card>
              );
            })}
          </Stack>
        )}
        {others.length > 0 ? (
          <Group>
            <Button
              variant="default"
              color="red"
              onClick={() => void signOutOthers()}
              data-action="sign-out-others"
            >
              {t.signOutOthers}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
