import { useEffect } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { trackPageView } from '../../lib/analytics.ts';

/** Records a page view once each navigation has completed (idle again at a new address). */
export function usePageViews(): void {
  const location = useLocation();
  const navigation = useNavigation();
  const isIdle = navigation.state === 'idle';
  useEffect(() => {
    if (isIdle) trackPageView(location.pathname);
  }, [isIdle, location.pathname]);
}
