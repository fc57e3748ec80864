import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

const DEBOUNCE_MS = 50;

/** A thin bar at the top while a route resolves (platform §2): shown after 50 ms, 0.8 s animation. */
export function ProgressBar({ label, busy = false }: { label: string; busy?: boolean }) {
  const navigation = useNavigation();
  const resolving = navigation.state !== 'idle' || busy;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!resolving) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [resolving]);
  return shown ? (
    <div className="panel-progress" role="progressbar" aria-label={label} data-testid="progress-bar" />
  ) : null;
}
