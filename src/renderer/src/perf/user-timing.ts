/**
 * Marks for the Send-to-paint benchmark, measured as the user feels it: the
 * timer starts at the user's action (the click or key that sent), not when
 * the code got round to sending, and stops after the frame with the answer
 * was presented, not inside requestAnimationFrame (which runs before paint).
 */

let lastAction = -Infinity;

/** Remembers when the user last clicked or pressed a key (capture phase, so before any handler). */
export function watchUserActions(target: Pick<Window, 'addEventListener'> = window): void {
  const note = (e: Event) => (lastAction = e.timeStamp);
  target.addEventListener('click', note, { capture: true, passive: true });
  target.addEventListener('keydown', note, { capture: true, passive: true });
}

/** `wb:send`, dated at the action that caused it (when that was within the last second). */
export function markSend(): void {
  const now = performance.now();
  performance.mark('wb:send', { startTime: now - lastAction < 1000 ? lastAction : now });
}

/**
 * `wb:painted` once the next frame is on screen: requestAnimationFrame runs
 * just before the browser renders that frame; a message posted from it is
 * handled as a task after the rendering, so the mark lands after the paint.
 */
export function markPaintedAfterFrame(): void {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      performance.mark('wb:painted');
      channel.port1.close();
    };
    channel.port2.postMessage(null);
  });
}
