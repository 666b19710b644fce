import { useEffect, useLayoutEffect, useRef } from 'react';

/** Ctrl/Cmd+Enter sends and Esc cancels, anywhere on the screen (editors included). */
export function useSendShortcut(send: () => void, cancel?: () => void): void {
  const handlers = useRef({ send, cancel });
  useLayoutEffect(() => {
    handlers.current = { send, cancel };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
        e.preventDefault();
        handlers.current.send();
      } else if (e.key === 'Escape' && !e.defaultPrevented) {
        handlers.current.cancel?.();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
