// Placeholder for the back office. Every /panel route is client-only: the server renders only the
// HydrateFallback shell (no server loader, no data in the HTML) and the browser runs clientLoader.
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <main className="site-page">
      <p>جارٍ تحميل لوحة التحكم… · Loading the back office…</p>
    </main>
  );
}

export default function PanelComingSoon() {
  return (
    <main className="site-page">
      <h1>لوحة التحكم قادمة قريبًا</h1>
      <p lang="en" dir="ltr">
        The back office is coming soon.
      </p>
    </main>
  );
}
