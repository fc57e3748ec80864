// Imported first by the benchmarks that render pages: React picks its development or production
// build from NODE_ENV when first loaded, and the benchmarks import the site plugin (which loads
// React) before any app is built. The product runs in production by default: measure that.
process.env.NODE_ENV ??= 'production';
