import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ocrApi } from './api';

/** An object URL of a job's page image fetched with the user's token (undefined until it arrives, or without one). */
export function usePageImage(url: string | undefined): string | undefined {
  const image = useQuery({
    queryKey: ['ocr-page', url],
    queryFn: () => ocrApi.pageImage(url!),
    enabled: !!url,
    staleTime: Infinity,
  });
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    if (!image.data) return setSrc(undefined);
    const made = URL.createObjectURL(image.data);
    setSrc(made);
    return () => URL.revokeObjectURL(made);
  }, [image.data]);
  return src;
}
