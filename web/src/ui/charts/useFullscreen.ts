import { useEffect, useState, type RefObject } from 'react';

/** Whether the element is shown fullscreen now (it follows the browser's fullscreenchange events). */
export function useFullscreen(ref: RefObject<HTMLElement | null>): boolean {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const follow = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, [ref]);
  return fullscreen;
}
