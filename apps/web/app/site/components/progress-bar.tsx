import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

export const PROGRESS_DEBOUNCE_MS = 50;

/** A thin bar at the top while a navigation resolves: after 50 ms, animated over 0.8 s. */
export function ProgressBar() {
  const navigation = useNavigation();
  const isBusy = navigation.state !== 'idle';
  const [isVisible, setVisible] = useState(false);
  useEffect(() => {
    if (!isBusy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), PROGRESS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [isBusy]);
  return (
    <div
      className={isVisible ? 'progress-bar is-active' : 'progress-bar'}
      role="presentation"
      data-testid="progress-bar"
    />
  );
}
