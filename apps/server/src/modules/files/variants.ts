// The URL scheme of image variants lives with the schemas, where the public site reads it too
// (packages/schemas/src/file-urls.ts); the server's modules import it from here.
export * from '@tabayyun/schemas/file-urls';
