import { useEffect, useRef, useState } from 'react';

/** One dimension of an element, kept current with a ResizeObserver (the fallback until it is measured). */
function useDimension<T extends HTMLElement>(dimension: 'width' | 'height', fallback: number, least: number) {
  const ref = useRef<T>(null);
  const [size, setSize] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setSize((dimension === 'width' ? element.clientWidth : element.clientHeight) || fallback);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && setSize(Math.max(least, Math.floor(entry.contentRect[dimension]))));
    observer.observe(element);
    return () => observer.disconnect();
  }, [dimension, fallback, least]);
  return { ref, size };
}

/** The width of an element, kept current with a ResizeObserver. */
export function useWidth<T extends HTMLElement>(fallback = 640) {
  const { ref, size } = useDimension<T>('width', fallback, 240);
  return { ref, width: size };
}

/** The height of an element, kept current with a ResizeObserver (0 until it has one). */
export function useHeight<T extends HTMLElement>() {
  const { ref, size } = useDimension<T>('height', 0, 0);
  return { ref, height: size };
}
