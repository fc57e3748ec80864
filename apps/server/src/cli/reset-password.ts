// `npm run reset-password -- <email>`: a one-time password for a locked-out account (see
// admin-command.ts); the lock is cleared and every session of the account ends.
import { resetPassword } from '../modules/users/admin-accounts.ts';
import { runAdminCommand } from './admin-command.ts';

await runAdminCommand(
  'reset-password',
  resetPassword,
  (email) => `Reset the password of ${email}: the account is unlocked and its sessions have ended.`,
);
