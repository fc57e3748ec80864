// Whether the widget gallery is served: in development and test, never in production unless
// ENABLE_GALLERY=true. Read at run time on the server (`process.env` through a variable, so no
// bundler can inline a build-time value).
export function isGalleryEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV !== 'production' || env.ENABLE_GALLERY === 'true';
}
