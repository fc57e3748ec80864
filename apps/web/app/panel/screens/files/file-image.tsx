// An <img> of a stored file. Files of protected folders answer 401 without a token: on the first
// error the image asks again with ?access_token= (platform §6 includeAccess); never for public ones.
import { type CSSProperties, useEffect, useState } from 'react';
import { apiClient } from '../../lib/api-client.ts';
import { fileAddress } from './file-utils.ts';

export function FileImage({
  path,
  mimetype,
  alt,
  thumbnail = false,
  style,
  width,
  height,
}: {
  path: string;
  mimetype?: string | null | undefined;
  alt: string;
  thumbnail?: boolean;
  style?: CSSProperties;
  width?: number;
  height?: number;
}) {
  const plain = fileAddress(path, { thumbnail, mimetype });
  const [src, setSrc] = useState(plain);
  const [retried, setRetried] = useState(false);
  useEffect(() => {
    setSrc(plain);
    setRetried(false);
  }, [plain]);
  const onError = () => {
    if (retried) return;
    setRetried(true);
    void apiClient()
      .fileUrl(plain, true)
      .then((url) => setSrc(url));
  };
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      width={width}
      height={height}
      onError={onError}
      style={style}
      data-file-image={path}
    />
  );
}
