import { useEffect, useState } from 'react';
import type { ThemePreference } from '@shared/settings';

const query = '(prefers-color-scheme: dark)';

/** The effective theme: the user's choice, or the OS's when the choice is "system". */
export function useEffectiveTheme(preference: ThemePreference | undefined): 'light' | 'dark' {
  const [systemDark, setSystemDark] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const onChange = (e: MediaQueryListEvent) => setSystemDark(e.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  const theme = preference === 'light' || preference === 'dark' ? preference : systemDark ? 'dark' : 'light';
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return theme;
}
