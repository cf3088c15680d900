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

/** The string value of a literal property of an object expression, or null. */
function literalProperty(object: Node, name: string): string | null {
  for (const p of object.properties as Node[]) {
    const key = p.key as Node | undefined;
    const value = p.value as Node | undefined;
    if (p.type !== 'Property' || key?.type !== 'Identifier' || key.name !== name) continue;
    if (value?.type === 'Literal' && typeof value.value === 'string') return value.value;
    return null;
  }
  return null;
}

/**
 * The browser needs an endpoint's method and path, nothing else: its schemas (and the zod they are
 * built with) are the server's. This rewrites each `endpoint({ … })` of the contracts' endpoint files
 * to `{ method, path }` as the browser build reads them, so their schema modules drop out of the
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
        const method =
          description?.type === 'ObjectExpression' ? literalProperty(description, 'method') : null;
        const path = description?.type === 'ObjectExpression' ? literalProperty(description, 'path') : null;
        if (method === null || path === null) {
          this.error(`${id}: each endpoint({ … }) needs its method and path as string literals`);
        }
        out.overwrite(node.start, node.end, JSON.stringify({ method, path }));
        rewritten++;
      }
      if (rewritten === 0) return null;
      return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) };
    },
  };
}
