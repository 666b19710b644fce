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

interface PostTaskScheduler {
  postTask(task: () => void, options: { priority: 'user-blocking' }): Promise<void>;
}

/**
 * `wb:painted` once the next frame is on screen: requestAnimationFrame runs
 * just before the browser renders that frame, and a task queued from it runs
 * after the rendering, so the mark lands after the paint. The task is queued
 * at user-blocking priority where the browser has `scheduler.postTask`, so
 * the arrival of thumbnails does not push the mark later than the frame;
 * elsewhere, a MessageChannel message.
 */
export function markPaintedAfterFrame(): void {
  requestAnimationFrame(() => {
    const mark = () => performance.mark('wb:painted');
    const scheduler = (globalThis as { scheduler?: PostTaskScheduler }).scheduler;
    if (scheduler?.postTask) {
      void scheduler.postTask(mark, { priority: 'user-blocking' });
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      mark();
      channel.port1.close();
    };
    channel.port2.postMessage(null);
  });
}
