import { NewPasswordScreen } from './new-password.tsx';

export default function ChangePasswordRoute() {
  return <NewPasswordScreen mode="forced" />;
}
