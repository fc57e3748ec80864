// The uploads of the file browser (platform §4 "Upload"): each file goes up on its own with its
// progress 0–100, then done, failed (the server's message, shown in red under its name) or
// cancelled. Removing a file that is still going up cancels it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiClient } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/http.ts';

export type UploadStatus = 'uploading' | 'done' | 'failed' | 'cancelled';

export interface UploadItem {
  id: string;
  name: string;
  size: number;
  folder: string;
  progress: number;
  status: UploadStatus;
  error?: string;
  /** The stored path once done. */
  path?: string;
}

let counter = 0;

export function useUploads(opts: {
  onUploaded(path: string): void;
  onFailed(name: string, message: string): void;
}) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const callbacks = useRef(opts);
  callbacks.current = opts;

  const update = useCallback((id: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    (files: File[], folder: string) => {
      for (const file of files) {
        counter += 1;
        const id = `upload-${counter}`;
        const controller = new AbortController();
        controllers.current.set(id, controller);
        setItems((list) => [
          ...list,
          { id, name: file.name || 'file', size: file.size, folder, progress: 0, status: 'uploading' },
        ]);
        apiClient()
          .upload(folder, file, {
            fieldname: 'file',
            signal: controller.signal,
            onProgress: (progress) => update(id, { progress: Math.min(progress, 99) }),
          })
          .then((record) => {
            update(id, { status: 'done', progress: 100, path: String(record.path ?? '') });
            callbacks.current.onUploaded(String(record.path ?? ''));
          })
          .catch((error: unknown) => {
            if (error instanceof DOMException && error.name === 'AbortError') {
              update(id, { status: 'cancelled' });
              return;
            }
            const message = isApiError(error) || error instanceof Error ? error.message : String(error);
            update(id, { status: 'failed', error: message });
            callbacks.current.onFailed(file.name, message);
          })
          .finally(() => controllers.current.delete(id));
      }
    },
    [update],
  );

  /** Cancels a file still going up, or takes a finished one off the list. */
  const remove = useCallback((id: string) => {
    const controller = controllers.current.get(id);
    if (controller) {
      controller.abort();
      return;
    }
    setItems((list) => list.filter((item) => item.id !== id));
  }, []);

  const clearFinished = useCallback(() => {
    setItems((list) => list.filter((item) => item.status === 'uploading'));
  }, []);

  // Leaving the screen cancels what is still going up.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  return { items, start, remove, clearFinished };
}
