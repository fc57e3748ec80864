// Public pages are no longer hydrated at all (ADR 056): they carry none of React Router's scripts,
// only the site script, and pass through here unchanged (no module script is found). What is still
// hydrated under the public CSP is the development gallery (/dev); the back office has a CSP of its
// own and is not rewritten. Before ADR 056, reading pages were hydrated after their load (ADR 010):
//
// React Router's <Scripts> emits a `<link rel="modulepreload">` per module of the page, an inline
// script that sets up its context, inline scripts that feed it the loader data, and an inline module
// script whose static imports load the route modules and then the client entry. Every one of those
// inline scripts carries what the render produced (loader data: content), so none of them may be
// allowed by the CSP (issue 34, ADR 044): this rewrites them into data blocks (`application/json`,
// never executed) and adds one fixed loader, allowed by its hash, which after the `load` event and
// one painted frame (or at the reader's first interaction) does what they did: sets up the context,
// feeds it the data, imports the route modules and the client entry. The preloads go, so nothing is
// fetched before the page has loaded and painted.

/** The id of the data block describing the modules to import. */
export const HYDRATION_SOURCE_ID = 'hydration-modules';
/** The id of React Router's context, as a data block. */
export const HYDRATION_CONTEXT_ID = 'hydration-context';
/** Marks the data blocks of React Router's loader data stream, in document order. */
export const HYDRATION_CHUNK_ATTRIBUTE = 'data-hydration-chunk';

/**
 * Starts hydration once: after load and a painted frame, or at the first pointer or key press. It
 * reads only data blocks, never runs their text, and imports modules of this origin only (the CSP's
 * `'self'`).
 */
export const HYDRATION_LOADER = `(function(){var d=document,w=window,started=false,events=['pointerdown','keydown','touchstart'];function json(e){return JSON.parse(e.textContent)}function start(){if(started)return;started=true;events.forEach(function(e){w.removeEventListener(e,start,true)});var m=d.getElementById('${HYDRATION_SOURCE_ID}'),c=d.getElementById('${HYDRATION_CONTEXT_ID}');if(!m||!c)return;m=json(m);var x=w.__reactRouterContext=json(c);x.stream=new ReadableStream({start:function(s){x.streamController=s}}).pipeThrough(new TextEncoderStream());d.querySelectorAll('script[${HYDRATION_CHUNK_ATTRIBUTE}]').forEach(function(e){x.streamController.enqueue(json(e))});x.streamController.close();if(m.manifest)w.__reactRouterManifest=m.manifest;var names=Object.keys(m.modules),n=m.imports.length;Promise.all(m.imports.concat(names.map(function(k){return m.modules[k]})).map(function(u){return import(u)})).then(function(r){var o={};names.forEach(function(k,i){o[k]=r[n+i]});Object.keys(m.composites).forEach(function(k){o[k]=Object.assign.apply(null,[{}].concat(m.composites[k].map(function(v){return o[v]})))});var routes={};m.routes.forEach(function(p){routes[p[0]]=o[p[1]]});w.__reactRouterRouteModules=routes;return import(m.entry)})}function afterPaint(){requestAnimationFrame(function(){setTimeout(start,0)})}events.forEach(function(e){w.addEventListener(e,start,{capture:true,passive:true})});if(d.readyState==='complete')afterPaint();else w.addEventListener('load',afterPaint,{once:true})})()`;

const DATA_OPEN = (attributes: string) => Buffer.from(`<script type="application/json" ${attributes}>`);
const SCRIPT_CLOSE = Buffer.from('</script>');
const MODULE_SCRIPT_OPEN = Buffer.from('<script type="module" async="">');
const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const CONTEXT_OPEN = Buffer.from('<script>window.__reactRouterContext = ');
const CONTEXT_TAIL = Buffer.from(
  ';window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());</script>',
);
const CHUNK_OPEN = Buffer.from('<script>window.__reactRouterContext.streamController.enqueue(');
const CHUNK_TAIL = Buffer.from(');</script>');
const CLOSE_SCRIPT = Buffer.from('<script>window.__reactRouterContext.streamController.close();</script>');
const LOADER = Buffer.from(`<script>${HYDRATION_LOADER}</script>`);

interface Edit {
  start: number;
  end: number;
  insert?: Buffer;
}

/** What the route module script imports, as data (see HYDRATION_LOADER). */
interface ModulePlan {
  imports: string[];
  modules: Record<string, string>;
  composites: Record<string, string[]>;
  routes: [string, string][];
  manifest?: unknown;
  entry: string;
}

/**
 * Reads React Router's route module script (lib/dom/ssr/components.js, `routeModulesScript`): side
 * imports, `import * as routeN from "…"`, `const routeN = {...a,...b}`, the partial manifest, the
 * route modules by id and the entry's dynamic import. Undefined when anything else is in it: a
 * script of another shape is not guessed at (the page then stays without hydration, readable).
 */
export function readModuleScript(text: string): ModulePlan | undefined {
  let rest = text;
  const take = (pattern: RegExp): RegExpExecArray[] => {
    const found = [...rest.matchAll(pattern)];
    rest = rest.replace(pattern, '');
    return found;
  };
  const manifestMatch =
    /window\.__reactRouterManifest = ([\s\S]*?);\s*(?=window\.__reactRouterRouteModules)/.exec(rest);
  if (manifestMatch) rest = rest.replace(manifestMatch[0], '');
  const modules: Record<string, string> = {};
  for (const m of take(/import \* as (\w+) from ("[^"\n]*");/g)) modules[m[1]!] = JSON.parse(m[2]!) as string;
  const composites: Record<string, string[]> = {};
  for (const m of take(/const (\w+) = \{([\w.,]*)\};/g)) {
    composites[m[1]!] = m[2]!.split(',').map((part) => part.replace(/^\.\.\./, ''));
  }
  const routeModules = take(/window\.__reactRouterRouteModules = \{([^}\n]*)\};/g);
  const entry = take(/import\(("[^"\n]*")\);/g);
  const imports = take(/import ("[^"\n]*");?/g).map((m) => JSON.parse(m[1]!) as string);
  if (routeModules.length !== 1 || entry.length !== 1 || rest.replace(/[\s;]/g, '') !== '') return undefined;
  const routes: [string, string][] = [];
  for (const m of routeModules[0]![1]!.matchAll(/("(?:[^"\\]|\\.)*"):(\w+)/g)) {
    routes.push([JSON.parse(m[1]!) as string, m[2]!]);
  }
  const known = (name: string) => name in modules || name in composites;
  if (!routes.every(([, name]) => known(name))) return undefined;
  if (!Object.values(composites).every((parts) => parts.every((name) => name in modules))) return undefined;
  return {
    imports,
    modules,
    composites,
    routes,
    ...(manifestMatch ? { manifest: JSON.parse(manifestMatch[1]!) } : {}),
    entry: JSON.parse(entry[0]![1]!) as string,
  };
}

/** JSON for a data block: `<` escaped, so no `</script>` can end it early. */
const dataJson = (value: unknown) => Buffer.from(JSON.stringify(value).replaceAll('<', '\\u003c'));

/**
 * The document's bytes with React Router's inline scripts turned into data blocks and its hydration
 * deferred to the loader. A document without React Router's scripts in the expected shape (a plain
 * error page, or a future React Router that emits another) is returned unchanged: the CSP then lets
 * none of its inline scripts run, and the page stays readable without hydration. It works on the
 * bytes (the markup it looks for is ASCII): the document is copied once, no text decoded (ADR 028).
 */
export function deferHydration(html: Buffer): Buffer {
  const open = html.indexOf(MODULE_SCRIPT_OPEN);
  if (open < 0) return html;
  const close = html.indexOf(SCRIPT_CLOSE, open + MODULE_SCRIPT_OPEN.length);
  const context = html.indexOf(CONTEXT_OPEN);
  if (close < 0 || context < 0) return html;
  const contextEnd = html.indexOf(SCRIPT_CLOSE, context + CONTEXT_OPEN.length);
  const tailStart = contextEnd + SCRIPT_CLOSE.length - CONTEXT_TAIL.length;
  if (contextEnd < 0 || !html.subarray(tailStart, contextEnd + SCRIPT_CLOSE.length).equals(CONTEXT_TAIL)) {
    return html;
  }
  const plan = readModuleScript(html.toString('latin1', open + MODULE_SCRIPT_OPEN.length, close));
  if (!plan) return html;
  // What changes, in document order: the context and the data become data blocks; the module
  // script becomes the plan of its imports, followed by the loader; each preload goes.
  const edits: Edit[] = [
    { start: context, end: context + CONTEXT_OPEN.length, insert: DATA_OPEN(`id="${HYDRATION_CONTEXT_ID}"`) },
    { start: tailStart, end: contextEnd + SCRIPT_CLOSE.length, insert: SCRIPT_CLOSE },
    {
      start: open,
      end: close + SCRIPT_CLOSE.length,
      insert: Buffer.concat([DATA_OPEN(`id="${HYDRATION_SOURCE_ID}"`), dataJson(plan), SCRIPT_CLOSE, LOADER]),
    },
  ];
  for (let at = html.indexOf(CHUNK_OPEN); at >= 0; at = html.indexOf(CHUNK_OPEN, at + 1)) {
    const end = html.indexOf(SCRIPT_CLOSE, at);
    if (end < 0) return html;
    const tail = end + SCRIPT_CLOSE.length - CHUNK_TAIL.length;
    if (!html.subarray(tail, end + SCRIPT_CLOSE.length).equals(CHUNK_TAIL)) return html;
    edits.push(
      { start: at, end: at + CHUNK_OPEN.length, insert: DATA_OPEN(`${HYDRATION_CHUNK_ATTRIBUTE}=""`) },
      { start: tail, end: end + SCRIPT_CLOSE.length, insert: SCRIPT_CLOSE },
    );
  }
  // The loader closes the stream after the last chunk: the close script stays as an empty data block
  // (the same elements as React rendered).
  for (let at = html.indexOf(CLOSE_SCRIPT); at >= 0; at = html.indexOf(CLOSE_SCRIPT, at + 1)) {
    edits.push({
      start: at,
      end: at + CLOSE_SCRIPT.length,
      insert: Buffer.concat([DATA_OPEN('data-hydration-end=""'), Buffer.from('null'), SCRIPT_CLOSE]),
    });
  }
  for (let at = html.indexOf(MODULE_PRELOAD); at >= 0; ) {
    const end = html.indexOf('>', at + MODULE_PRELOAD.length);
    if (end < 0) break;
    if (at < open || at > close) edits.push({ start: at, end: end + 1 });
    at = html.indexOf(MODULE_PRELOAD, end + 1);
  }
  edits.sort((a, b) => a.start - b.start);
  const parts: Buffer[] = [];
  let from = 0;
  for (const edit of edits) {
    if (edit.start < from) return html;
    parts.push(html.subarray(from, edit.start));
    if (edit.insert) parts.push(edit.insert);
    from = edit.end;
  }
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}
