import MagicString from 'magic-string';
import { parseAst, type Plugin } from 'vite';

/** The contracts' endpoint files (`packages/contracts/src/api/*.ts`). */
const endpointFiles = /packages[\\/]contracts[\\/]src[\\/]api[\\/][^\\/]+\.ts$/;

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** Every node under `node`, depth first. */
function* walk(node: unknown): Generator<Node> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) yield* walk(child);
    return;
  }
  const n = node as Node;
  if (typeof n.type === 'string') yield n;
  for (const [key, value] of Object.entries(n)) if (key !== 'parent') yield* walk(value);
}

/** What the browser reads of an endpoint: how to call it, and how to read its answer. */
const kept = new Set(['method', 'path', 'whole', 'upload']);

/** A value written out in the source: a literal, or an object of literals (`upload: { field: 'resume' }`). */
function isLiteral(value: Node | undefined): boolean {
  if (value?.type === 'Literal') return true;
  if (value?.type !== 'ObjectExpression') return false;
  return (value.properties as Node[]).every((p) => p.type === 'Property' && isLiteral(p.value as Node));
}

/**
 * The source of the properties the browser keeps, or null when the method or the path is not a
 * string literal (the build then stops: a computed path cannot be kept).
 */
function keptSource(code: string, object: Node): string | null {
  const parts: string[] = [];
  const found = new Set<string>();
  for (const p of object.properties as Node[]) {
    const key = p.key as Node | undefined;
    if (p.type !== 'Property' || key?.type !== 'Identifier' || !kept.has(key.name as string)) continue;
    const value = p.value as Node;
    if (!isLiteral(value)) return null;
    if ((key.name === 'method' || key.name === 'path') && typeof value.value !== 'string') return null;
    found.add(key.name as string);
    parts.push(code.slice(p.start, p.end));
  }
  return found.has('method') && found.has('path') ? `{ ${parts.join(', ')} }` : null;
}

/**
 * The browser needs an endpoint's method and path (and whether its answer is the whole body, and an
 * upload's field), nothing else: its schemas (and the zod they are built with) are the server's.
 * This rewrites each `endpoint({ … })` of the contracts' endpoint files to `{ method, path, … }` as
 * the browser build reads them, so their schema modules drop out of the
 * bundle: a page without a form (the student's vacancy page) loads no zod, and no schema is built
 * before `lib/zod-config.ts` has run. Types are untouched: the web still calls `api.call(endpoint,
 * input)` with the full endpoint's type.
 */
export function endpointRoutesOnly(): Plugin {
  return {
    name: 'portal:endpoint-routes-only',
    transform(code, id) {
      if (!endpointFiles.test(id)) return null;
      const program = parseAst(code);
      const out = new MagicString(code);
      let rewritten = 0;
      for (const node of walk(program)) {
        const callee = node.callee as Node | undefined;
        const args = node.arguments as Node[] | undefined;
        if (node.type !== 'CallExpression' || callee?.type !== 'Identifier' || callee.name !== 'endpoint') {
          continue;
        }
        const description = args?.[0];
        const source = description?.type === 'ObjectExpression' ? keptSource(code, description) : null;
        if (source === null) {
          this.error(`${id}: each endpoint({ … }) needs its method and path as string literals`);
        }
        out.overwrite(node.start, node.end, source);
        rewritten++;
      }
      if (rewritten === 0) return null;
      return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) };
    },
  };
}
