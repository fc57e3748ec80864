// The contact form: its button is disabled while a field is missing or the address is not one, a
// field the reader has left says what is wrong, and the message goes to POST /api/contract. Without
// JavaScript the same form posts to the page's action (contact.tsx), the browser's own validation
// guarding it.
import { type ContactInput, contactProblems } from '../data/contact-rules.ts';
import { element } from './dom.ts';
import { CONTACT_FORM_ATTRIBUTE } from './markers.ts';

/** What the page hands the script (contact.tsx). */
export interface ContactFormSetup {
  sent: string;
  failed: string;
  invalidEmail: string;
}

const FIELDS = ['name', 'email', 'subject'] as const;

export function enhanceContactForm(doc: Document, fetcher: typeof fetch = fetch): void {
  const form = doc.querySelector<HTMLFormElement>(`form[${CONTACT_FORM_ATTRIBUTE}]`);
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !button) return;
  const setup = JSON.parse(form.getAttribute(CONTACT_FORM_ATTRIBUTE)!) as ContactFormSetup;
  const fields = Object.fromEntries(
    FIELDS.map((name) => [name, form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement]),
  ) as Record<(typeof FIELDS)[number], HTMLInputElement | HTMLTextAreaElement>;
  const touched = new Set<string>();
  const emailError = element('p', { class: 'field-error' }, setup.invalidEmail);
  const failed = element('p', { class: 'field-error', role: 'alert' }, setup.failed);
  let isSending = false;
  const values = (): ContactInput => ({
    name: fields.name.value,
    email: fields.email.value,
    subject: fields.subject.value,
  });
  const update = () => {
    const problems = contactProblems(values());
    for (const name of FIELDS) {
      if (touched.has(name) && problems.includes(name)) fields[name].setAttribute('aria-invalid', 'true');
      else fields[name].removeAttribute('aria-invalid');
    }
    if (touched.has('email') && problems.includes('email')) fields.email.after(emailError);
    else emailError.remove();
    button.disabled = isSending || problems.length > 0;
  };
  for (const name of FIELDS) {
    fields[name].addEventListener('input', update);
    fields[name].addEventListener('blur', () => {
      touched.add(name);
      update();
    });
  }
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (contactProblems(values()).length > 0) return;
    isSending = true;
    failed.remove();
    update();
    try {
      const response = await fetcher('/api/contract', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(values()),
      });
      if (response.ok) {
        form.replaceWith(
          element(
            'p',
            { class: 'notice success', role: 'status', 'data-testid': 'contact-sent' },
            setup.sent,
          ),
        );
        return;
      }
    } catch {
      // Shown below, as for an answer that is not a success.
    }
    isSending = false;
    button.before(failed);
    update();
  });
  update();
}
