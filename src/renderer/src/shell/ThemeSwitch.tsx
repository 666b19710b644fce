import { Monitor, Moon, Sun } from 'lucide-react';
import type { ThemePreference } from '@shared/settings';
import { useAppStore } from '../store/store';

const OPTIONS: { value: ThemePreference; label: string; icon: typeof Sun }[] = [
  { value: 'system', label: 'Follow system theme', icon: Monitor },
  { value: 'light', label: 'Light theme', icon: Sun },
  { value: 'dark', label: 'Dark theme', icon: Moon },
];

/** A three-way segmented control: system, light, dark. */
export function ThemeSwitch() {
  const theme = useAppStore((s) => s.settings?.theme ?? 'system');
  const setTheme = useAppStore((s) => s.setTheme);
  return (
    <div className="segmented" role="radiogroup" aria-label="Theme">
      {OPTIONS.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={theme === value}
          aria-label={label}
          title={label}
          className={`segmented__item${theme === value ? ' is-active' : ''}`}
          onClick={() => void setTheme(value)}
        >
          <Icon size={14} aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}
