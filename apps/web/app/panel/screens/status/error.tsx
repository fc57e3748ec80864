// /panel/error: the error passed as navigation state (platform §2), or the generic one.
import { useLocation } from 'react-router';
import { ApiError } from '../../lib/http.ts';
import { ErrorView } from '../../shell/status-view.tsx';

export default function ErrorRoute() {
  const state = useLocation().state as {
    error?: { status?: number; code?: string; message?: string };
  } | null;
  const error = state?.error
    ? new ApiError({
        status: state.error.status ?? -1,
        code: state.error.code ?? 'UNKNOWN',
        message: state.error.message ?? '',
      })
    : undefined;
  return <ErrorView error={error} />;
}
