// The contact form's rules, shared by the browser (submit disabled while invalid) and the action.
export interface ContactInput {
  name: string;
  email: string;
  subject: string;
}

export const CONTACT_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function contactProblems(input: ContactInput): (keyof ContactInput)[] {
  const problems: (keyof ContactInput)[] = [];
  if (!input.name.trim()) problems.push('name');
  if (!CONTACT_EMAIL_PATTERN.test(input.email.trim())) problems.push('email');
  if (!input.subject.trim()) problems.push('subject');
  return problems;
}
