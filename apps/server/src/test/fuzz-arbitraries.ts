import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries for the fuzz test (plugins/fuzz.routes.test.ts): values shaped by a route's
 * own zod schema (through its JSON Schema, `z.toJSONSchema`), and hostile values and bodies.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

/** The JSON Schema of what a route reads (its input side: before defaults and transforms). */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!schema) return undefined;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/**
 * Percent-encoding of any string: a lone surrogate becomes U+FFFD as in UTF-8 (encodeURIComponent
 * alone throws on it).
 */
export const percentEncode = (value: string) =>
  encodeURIComponent(
    value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );

const isoDate = fc
  .date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Dates as a person might type them: any year (0 and the ends of the calendar often), month 1-12,
 * day 1-31 with the month ends often (30 February, 31 April).
 */
const calendarDate = fc
  .tuple(
    fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(0, 1, 2023, 2024, 9999)),
    fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constantFrom(2, 4)),
    fc.oneof(fc.integer({ min: 1, max: 31 }), fc.constantFrom(29, 30, 31)),
  )
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`);

/** Date-times with an offset, from year 0 to 9999, offsets up to ±23:59. */
const calendarDateTime = fc
  .tuple(
    calendarDate,
    fc.integer({ min: 0, max: 23 }),
    fc.integer({ min: 0, max: 59 }),
    fc.oneof(
      fc.constant('Z'),
      fc
        .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([sign, h, m]) => `${sign}${pad(h)}:${pad(m)}`),
    ),
  )
  .map(([date, h, m, zone]) => `${date}T${pad(h)}:${pad(m)}:00${zone}`);

const printable = fc.string({ unit: 'grapheme', maxLength: 40 });

function stringArbitrary(s: JsonSchema, ids: fc.Arbitrary<string>): fc.Arbitrary<string> {
  if (s.format === 'uuid')
    return fc.oneof({ weight: 4, arbitrary: ids }, { weight: 1, arbitrary: fc.uuid() });
  if (s.format === 'date-time') {
    return fc.oneof(
      fc
        .date({ min: new Date('1970-01-01'), max: new Date('2200-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString()),
      calendarDateTime,
    );
  }
  if (s.pattern) {
    let matching: fc.Arbitrary<string>;
    try {
      matching = fc.stringMatching(new RegExp(s.pattern));
    } catch {
      matching = printable;
    }
    // A date pattern also gets real dates (so more requests get past it to the service) and dates
    // as typed, 30 February included.
    return s.pattern === '^\\d{4}-\\d{2}-\\d{2}$' ? fc.oneof(isoDate, calendarDate, matching) : matching;
  }
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 60, Math.max(minLength, 60));
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
  );
}

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = Math.max(s.minimum ?? s.exclusiveMinimum ?? -1e9, -Number.MAX_SAFE_INTEGER);
  const max = Math.min(s.maximum ?? s.exclusiveMaximum ?? 1e9, Number.MAX_SAFE_INTEGER);
  const inRange = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  // Exclusive bounds are hit on purpose now and then: the edge is where checks go wrong.
  return s.exclusiveMinimum === undefined ? inRange : fc.oneof(inRange, fc.constant(s.exclusiveMinimum));
}

/**
 * Values of the shape a JSON Schema describes: what a well-meaning client would send, with optional
 * fields sometimes left out. `ids` supplies uuids (mostly ids that exist, so requests reach the services).
 */
export function valueOf(schema: JsonSchema, ids: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => valueOf(choice, ids)));
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema, ids);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueOf(schema.items ?? {}, ids), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const arbitraries = Object.fromEntries(
        Object.entries(properties).map(([key, inner]) => [key, valueOf(inner, ids)]),
      );
      return fc.record(arbitraries, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const hugeStrings = ['x'.repeat(100_000), 'é'.repeat(60_000), '😀'.repeat(30_000), ' '.repeat(100_000)];

/** Strings no form would send: control characters, lone surrogates, odd unicode, huge, number-like. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\u0007',
      '\u001b[31m',
      '\u007f',
      '\u0085',
      '\u009f',
      '\r\n\t',
      '\ud800',
      '\udc00x',
      'x\ud83d',
      '\ufeff',
      '\u200b',
      '\u202etxt.exe',
      '\uffff',
      '\u{10ffff}',
      'e\u0301\u0301\u0301\u0301',
      'İ',
      'ß',
      'ﬃ',
      '%00',
      '%',
      '..%2F..%2F',
      "'; DROP TABLE accounts; --",
      '<script>alert(1)</script>',
      'NaN',
      'Infinity',
      '-0',
      '1e308',
      '-1',
      '0x10',
      'null',
      'true',
      '[]',
      '{}',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '2024-02-30',
      '0000-00-00',
      '99999-01-01',
      '2024-13-45T99:99:99Z',
    ),
  },
  // Rarer: a 100 KB string costs the generator and the server more than a thousand small ones.
  { weight: 1, arbitrary: fc.constantFrom(...hugeStrings) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  {
    weight: 2,
    arbitrary: fc.string({
      unit: fc.constantFrom('\u0000', '\u0001', '\u001f', '\ud800', '\udfff', 'a', '%', '\\'),
      maxLength: 20,
    }),
  },
);

/** Any value in a field's place: the wrong type, a hostile string, an extreme number, a big container. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -0,
    1,
    -1,
    1.5,
    1e308,
    -1e308,
    5e-324,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    -(2 ** 53) - 1,
    2 ** 64,
  ),
  fc.constantFrom(
    [],
    {},
    [null],
    [''],
    { a: 1 },
    Array.from({ length: 100_000 }, () => 1),
  ),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Keys no contract names: prototype keys, empty, huge, with control characters. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '',
    'x'.repeat(10_000),
  ),
  fc.constantFrom('\u0000', 'a\u0001', '\ud800', 'unknownField', '$where', 'id', '_id'),
  fc.string({ maxLength: 10 }),
);

export type Mutation =
  | { op: 'none' }
  | { op: 'replace'; at: number; value: unknown }
  | { op: 'delete'; at: number }
  | { op: 'addKey'; at: number; key: string; value: unknown };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ op: 'none' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('replace' as const), at: fc.nat(), value: hostileValue }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('addKey' as const),
      at: fc.nat(),
      key: hostileKey,
      value: hostileValue,
    }),
  },
);

type Slot = { parent: Record<string, unknown> | unknown[]; key: string | number };

function slotsOf(root: unknown): Slot[] {
  const slots: Slot[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) {
      value.forEach((inner, index) => {
        slots.push({ parent: value, key: index });
        walk(inner);
      });
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        slots.push({ parent: value as Record<string, unknown>, key });
        walk(inner);
      }
    }
  };
  walk(root);
  return slots;
}

const setOwn = (target: object, key: string | number, value: unknown) =>
  // defineProperty, so a key like __proto__ becomes an own field JSON.stringify writes out.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });

/** A copy of a valid-shaped value with one thing broken (or none). Never changes its input. */
export function mutate(valid: unknown, m: Mutation): unknown {
  if (m.op === 'none') return valid;
  const root = structuredClone(valid);
  const slots = slotsOf(root);
  if (m.op === 'addKey') {
    const objects = [root, ...slots.map((s) => (s.parent as Record<string, unknown>)[s.key as never])].filter(
      (v): v is object => !!v && typeof v === 'object' && !Array.isArray(v),
    );
    if (objects.length === 0) return root;
    setOwn(objects[m.at % objects.length]!, m.key, m.value);
    return root;
  }
  if (slots.length === 0 || m.at % (slots.length + 1) === slots.length) {
    return m.op === 'replace' ? m.value : undefined;
  }
  const slot = slots[m.at % slots.length]!;
  if (m.op === 'replace') setOwn(slot.parent, slot.key, m.value);
  else if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1);
  else delete slot.parent[slot.key];
  return root;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * A known-good example with some of its fields swapped for schema-valid random ones (`picks` says,
 * field by field, whether the example's value stays), so odd but valid values reach the services.
 */
export function blend(example: unknown, random: unknown, picks: boolean[]): unknown {
  let i = 0;
  const keep = () => picks.length === 0 || picks[i++ % picks.length]!;
  const walk = (a: unknown, b: unknown): unknown => {
    if (!isRecord(a) || !isRecord(b)) return keep() ? a : b;
    const out: Record<string, unknown> = {};
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!(key in b)) out[key] = a[key];
      else if (!(key in a)) {
        if (!keep()) out[key] = b[key];
      } else out[key] = walk(a[key], b[key]);
    }
    return out;
  };
  return walk(example, random);
}

const nested = (depth: number, open: string, inner: string, close: string) =>
  open.repeat(depth) + inner + close.repeat(depth);

/** Body texts no JSON client would send: malformed, deeply nested, prototype keys, huge, bad UTF-8. */
const deep = (depth: number) => [
  nested(depth, '[', '', ']'),
  `{"typ":${nested(Math.min(depth, 140_000), '{"a":', '1', '}')}}`,
  `{"value":${nested(Math.min(depth, 140_000), '{"a":', '{"__proto__":1}', '}')}}`,
  `{"id":${nested(depth, '[', '"x"', ']')}}`,
];

/** Bodies near or over the 1 MB limit: deeply nested, huge arrays, one huge string. Built once. */
const bigJsonTexts = [
  ...[1_000, 10_000, 100_000, 400_000].flatMap(deep),
  `[${Array.from({ length: 200_000 }, () => '0').join(',')}]`,
  `{"a":"${'x'.repeat(1_100_000)}"}`,
];

/** Body texts no JSON client would send: malformed, deeply nested, prototype keys, huge, bad UTF-8. */
export const hostileJsonText: fc.Arbitrary<string | Buffer> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '{',
      '}',
      '{"a":',
      '[1,]',
      '{"a":1,}',
      "{'a':1}",
      'NaN',
      'undefined',
      '{"a":1}{"b":2}',
      '\ufeff{}',
      '   ',
      'null',
      '""',
      '0',
      'true',
      '[]',
      '{"a":1e999}',
      '{"a":-0}',
      '{"a":123456789012345678901234567890}',
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      '{"a\\u0000":1}',
      '{"typ":"jobs","typ":"personalDetail"}',
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x80, 0x22, 0x7d]),
      Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
    ),
  },
  // Rarer, as each costs the server a parse of up to a megabyte.
  { weight: 1, arbitrary: fc.constantFrom(...bigJsonTexts) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 50 }) },
);

/** Content types a route taking JSON does not expect, or spells oddly. */
export const hostileContentType: fc.Arbitrary<string> = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=latin1',
  'application/json; charset=utf-16le',
  'APPLICATION/JSON',
  'application/merge-patch+json',
  'application/json, text/plain',
  ';;;',
  '*/*',
  'x',
);

/** Query strings a client would not send: repeated keys, bad percent-encoding, prototype keys, huge. */
export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'a=%',
    'a=%zz',
    'page=%E0%A4%A',
    'page=1&page=2',
    'page[]=1',
    '__proto__=x',
    '__proto__[x]=1',
    'constructor[prototype][x]=1',
    'page=1e308',
    'page=-0',
    'page=NaN',
    'page=0x10',
    'pageSize=%201',
    'page=9007199254740993',
    '=&&=',
    'search=%00',
    'search=%C0%80',
    'jobId=not-a-uuid',
    `search=${'a'.repeat(100_000)}`,
  ),
  fc
    .array(
      fc.tuple(
        fc.oneof(hostileKey, fc.constantFrom('page', 'pageSize', 'search', 'jobId', 'status')),
        hostileString,
      ),
      {
        maxLength: 4,
      },
    )
    .map((pairs) => pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&')),
);

/** A path parameter as it appears in the URL: garbage, encoded or not. */
export const hostileParam: fc.Arbitrary<string> = fc.oneof(
  hostileString.map(percentEncode),
  fc.constantFrom(
    '%',
    '%zz',
    '%E0%A4%A',
    '%00',
    '%C0%80',
    '..',
    '%2e%2e',
    '%2F..%2F',
    '%FF%FE',
    'a'.repeat(5_000),
    '00000000-0000-0000-0000-00000000000g',
  ),
  fc.uuid().map((id) => id.toUpperCase()),
);
