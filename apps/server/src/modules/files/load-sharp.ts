// sharp (libvips: ~6 MB of native code, ~3 MB of live heap and its own caches) is loaded with the
// first image a process handles, not at start: most requests never touch one (ADR 025).
type Sharp = typeof import('sharp').default;

let loading: Promise<Sharp> | undefined;

export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
