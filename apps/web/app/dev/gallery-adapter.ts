// The gallery's data adapter: static in-memory lists for select, autocomplete and chips, and a fake
// upload that reports progress, then answers a record (or fails for a file named `fail…`).
import type { DataAdapter, FileRecord, ListResult } from '@tabayyun/forms';

const RESOURCES: Record<string, Record<string, unknown>[]> = {
  authors: [
    { _id: 'a1', name: 'رنا الحلبي' },
    { _id: 'a2', name: 'Omar Khatib' },
    { _id: 'a3', name: 'Leyla Demir' },
    { _id: 'a4', name: 'سامر يوسف' },
  ],
  sources: [
    { _id: 's1', name: 'Reuters' },
    { _id: 's2', name: 'AFP' },
    { _id: 's3', name: 'الجزيرة' },
    { _id: 's4', name: 'BBC عربي' },
    { _id: 's5', name: 'Anadolu' },
  ],
  tags: [
    { _id: 't1', name: 'صحة' },
    { _id: 't2', name: 'سياسة' },
    { _id: 't3', name: 'economy' },
    { _id: 't4', name: 'climate' },
  ],
};

export const UPLOAD_STEP_MS = 120;

function matches(row: Record<string, unknown>, search: string | undefined): boolean {
  if (!search) return true;
  return String(row.name ?? '')
    .toLowerCase()
    .includes(search.toLowerCase());
}

export function createGalleryAdapter(): DataAdapter {
  return {
    async list(resource, params): Promise<ListResult<Record<string, unknown>>> {
      const rows = (RESOURCES[resource] ?? []).filter((row) => matches(row, params.search));
      return { data: rows, total: rows.length };
    },
    upload(destination, file, { onProgress, signal, fieldname }): Promise<FileRecord> {
      return new Promise((resolve, reject) => {
        let percent = 0;
        const timer = setInterval(() => {
          percent += 20;
          onProgress(Math.min(percent, 100));
          if (percent < 100) return;
          clearInterval(timer);
          if (file.name.startsWith('fail')) {
            reject(new Error('The server refused this file'));
            return;
          }
          resolve({
            _id: `f-${Date.now()}`,
            path: `${destination}/${file.name}`,
            originalname: file.name,
            mimetype: file.type,
            size: file.size,
            date: new Date().toISOString(),
            fieldname,
            destination,
          });
        }, UPLOAD_STEP_MS);
        signal.addEventListener('abort', () => {
          clearInterval(timer);
          reject(new DOMException('Upload cancelled', 'AbortError'));
        });
      });
    },
    async deleteFile() {},
  };
}
