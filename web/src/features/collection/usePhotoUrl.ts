import { useEffect, useState } from 'react';
import { fetchObjectUrl } from '../../api/client.ts';
import type { Photo } from './api.ts';

/** A member's uploaded photo as an object URL the page can show (fetched with the token; let go when unused). */
export function usePhotoUrl(photo: Photo | undefined): string | null {
  const [shown, setShown] = useState<{ url: string; src: string } | null>(null);
  const url = photo?.url;
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let src: string | null = null;
    fetchObjectUrl(url, controller.signal)
      .then((objectUrl) => {
        src = objectUrl;
        setShown({ url, src: objectUrl });
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (src) URL.revokeObjectURL(src);
    };
  }, [url]);
  return shown && shown.url === url ? shown.src : null;
}
