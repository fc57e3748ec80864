#!/usr/bin/env bash
# Makes the site's font files (apps/web/app/site/fonts/*.woff2) from @fontsource/ibm-plex-sans-arabic:
# the letters the site's languages use, no hinting (issue 36 §4: the four files were 125 KB, an
# Arabic page's budget is 60 KB). Needs fontTools with brotli (Debian: python3-fonttools
# python3-brotli); run after `npm ci` when the font package changes, and commit the result. The
# ranges must match the unicode-range lines of apps/web/app/site/fonts.css.
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=node_modules/@fontsource/ibm-plex-sans-arabic/files
OUT=apps/web/app/site/fonts
ARABIC="U+0600-0605,U+060C-061F,U+0621-065F,U+0660-066F,U+0670-0671,U+067E,U+0686,U+0698,U+06A4,U+06A9,U+06AF,U+06CC,U+06F0-06F9,U+200C-200F,U+FD3E-FD3F"
LATIN="U+0020-007E,U+00A0-00FF,U+0131,U+0152-0153,U+02C6,U+02DA,U+02DC,U+2010-2027,U+2030-203A,U+20AC,U+2122,U+2212,U+FEFF,U+FFFD"
mkdir -p "$OUT"
for weight in 400 700; do
  python3 -m fontTools.subset "$SRC/ibm-plex-sans-arabic-arabic-$weight-normal.woff2" --unicodes="$ARABIC" \
    --layout-features='*' --no-hinting --flavor=woff2 --output-file="$OUT/plex-arabic-$weight.woff2"
  python3 -m fontTools.subset "$SRC/ibm-plex-sans-arabic-latin-$weight-normal.woff2" --unicodes="$LATIN" \
    --layout-features='kern,liga,locl,mark,mkmk' --no-hinting --flavor=woff2 --output-file="$OUT/plex-latin-$weight.woff2"
done
ls -l "$OUT"
