import { useEffect, useState } from 'react';
import { storage } from '../../lib/storage';

/**
 * A stored profile image as an object URL. The image endpoint shows a private
 * image only to its owner, which an <img> tag cannot prove (no Bearer header),
 * so the bytes are fetched with the token.
 */
export function useImageObjectUrl(url: string | null): string | null {
  const [loaded, setLoaded] = useState<{ source: string; objectUrl: string } | null>(null);
  useEffect(() => {
    if (!url) return;
    let active = true;
    let objectUrl: string | null = null;
    const token = storage.token;
    fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob || !active) return;
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ source: url, objectUrl });
      })
      .catch(() => undefined);
    return () => {
      active = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return url && loaded?.source === url ? loaded.objectUrl : null;
}
