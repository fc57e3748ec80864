import { redirect } from 'react-router';

/** /panel → /panel/dashboard (spec §2). */
export async function clientLoader() {
  throw redirect('/panel/dashboard');
}

export default function PanelIndex() {
  return null;
}
