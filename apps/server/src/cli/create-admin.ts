// `npm run create-admin -- <email>`: a super-admin with a one-time password (see admin-command.ts).
import { createAdmin } from '../modules/users/admin-accounts.ts';
import { runAdminCommand } from './admin-command.ts';

await runAdminCommand('create-admin', createAdmin, (email, result) =>
  result.created
    ? `Created the super-admin ${email}.`
    : `${email} already had an account: it is now a super-admin with a new password, unlocked.`,
);
