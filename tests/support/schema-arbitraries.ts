import fc from 'fast-check';

/** The parts of JSON Schema (as OpenAPI 3.1 documents use it) the generators read. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
}

// eslint-disable-next-line no-control-regex -- the characters no API string may hold
const FORBIDDEN = /\u0000|[\uD800-\uDFFF]/;

/** Generators of values that satisfy (valid) or break (invalid) the schemas of one document. */
export class SchemaArbitraries {
  constructor(
    private readonly components: Record<string, JsonSchema> = {},
    /** Real ids to mix into strings named `id` or `…Id`, so that requests reach rows that exist. */
    private readonly ids: string[] = [],
    /**
     * Values for fields whose rules JSON Schema cannot carry (zod refinements): by field name, used for
     * most samples of that field so that "valid" requests get past validation to the service.
     */
    private readonly hints: Record<string, fc.Arbitrary<unknown>> = {},
  ) {}

  resolve(schema: JsonSchema): JsonSchema {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = this.components[name];
    if (!target) throw new Error(`unresolved ${schema.$ref}`);
    return this.resolve(target);
  }

  /** A value the schema accepts (as far as JSON Schema can say: zod refinements may still refuse it). */
  valid(input: JsonSchema, name = ''): fc.Arbitrary<unknown> {
    const hint = this.hints[name];
    if (hint)
      return fc.oneof({ weight: 4, arbitrary: hint }, { weight: 1, arbitrary: this.fromSchema(input, name) });
    return this.fromSchema(input, name);
  }

  private fromSchema(input: JsonSchema, name: string): fc.Arbitrary<unknown> {
    const schema = this.resolve(input);
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const union = schema.anyOf ?? schema.oneOf;
    if (union) return fc.oneof(...union.map((s) => this.valid(s, name)));
    if (schema.allOf) return this.valid(Object.assign({}, ...schema.allOf.map((s) => this.resolve(s))), name);
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (types.length > 1) return fc.oneof(...types.map((type) => this.valid({ ...schema, type }, name)));
    switch (types[0]) {
      case 'string':
        return this.string(schema, name);
      case 'integer':
        return fc.integer({ min: lower(schema, -1_000_000), max: upper(schema, 1_000_000) });
      case 'number':
        return fc.double({
          min: lower(schema, -1_000_000),
          max: upper(schema, 1_000_000),
          noNaN: true,
          noDefaultInfinity: true,
        });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(this.valid(schema.items ?? {}, name), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 5, 5),
        });
      case 'object':
        return this.object(schema);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  private string(schema: JsonSchema, name: string): fc.Arbitrary<string> {
    const min = schema.minLength ?? 0;
    const max = Math.min(schema.maxLength ?? 60, Math.max(min, 60));
    const fits = (s: string) => s.length >= min && s.length <= (schema.maxLength ?? Infinity);
    let text: fc.Arbitrary<string>;
    if (schema.pattern) text = fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
    else text = fc.string({ unit: 'grapheme', minLength: min, maxLength: max }).filter(fits);
    text = text.filter((s) => !FORBIDDEN.test(s));
    const ids = this.ids.filter(fits);
    return /(^id$|Id$|^key$)/.test(name) && ids.length > 0 ? fc.oneof(fc.constantFrom(...ids), text) : text;
  }

  private object(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
    const properties = schema.properties ?? {};
    const keys = Object.keys(properties);
    if (keys.length === 0 && typeof schema.additionalProperties === 'object') {
      return fc.dictionary(fc.string({ maxLength: 10 }), this.valid(schema.additionalProperties), {
        maxKeys: 3,
      });
    }
    const record = Object.fromEntries(keys.map((key) => [key, this.valid(properties[key]!, key)]));
    return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => keys.includes(k)) });
  }

  /**
   * A value the schema refuses, or that probes the server's edges: the wrong type, a missing required
   * field, an oversized or unstorable string (NUL, lone surrogate), a number out of range, any JSON.
   */
  invalid(input: JsonSchema, name = ''): fc.Arbitrary<unknown> {
    const schema = this.resolve(input);
    const probes: fc.Arbitrary<unknown>[] = [wrongType(schema), fc.jsonValue({ maxDepth: 3 }), badString()];
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.includes('string')) probes.push(oversized(schema));
    if (types.includes('integer') || types.includes('number')) probes.push(badNumber(schema));
    if (types.includes('array') && schema.items) {
      probes.push(fc.array(this.invalid(schema.items, name), { minLength: 1, maxLength: 3 }));
      probes.push(
        fc.array(this.valid(schema.items, name), {
          minLength: (schema.maxItems ?? 50) + 1,
          maxLength: (schema.maxItems ?? 50) + 3,
        }),
      );
    }
    if (types.includes('object') && schema.properties) probes.push(this.brokenObject(schema));
    return fc.oneof(...probes);
  }

  /** A valid object with one field dropped (a required one when there is one) or made invalid. */
  private brokenObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
    const properties = schema.properties ?? {};
    const keys = Object.keys(properties);
    const all = fc.record(Object.fromEntries(keys.map((key) => [key, this.valid(properties[key]!, key)])));
    const dropped = fc
      .tuple(all, fc.constantFrom(...(schema.required?.length ? schema.required : keys)))
      .map(([value, key]) => {
        const copy = { ...value };
        delete copy[key];
        return copy;
      });
    const broken = fc
      .constantFrom(...keys)
      .chain((key) =>
        fc.tuple(all, this.invalid(properties[key]!, key)).map(([value, bad]) => ({ ...value, [key]: bad })),
      );
    const extra = fc.tuple(all, fc.string(), fc.jsonValue()).map(([value, k, v]) => ({ ...value, [k]: v }));
    return fc.oneof(dropped, broken, extra);
  }
}

const lower = (s: JsonSchema, fallback: number) =>
  s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : fallback);
const upper = (s: JsonSchema, fallback: number) =>
  s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : fallback);

/** Strings no API may store: NUL, lone surrogates of either half, and both amid ordinary text. */
export const badString = () =>
  fc.oneof(
    fc.constantFrom('\u0000', '\uD800', '\uDFFF', 'a\uDC00b', 'x\u0000y', '\uD83D'),
    fc
      .tuple(fc.string(), fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00'), fc.string())
      .map((p) => p.join('')),
  );

const wrongType = (schema: JsonSchema) => {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const candidates: [string, fc.Arbitrary<unknown>][] = [
    ['string', fc.string({ maxLength: 20 })],
    ['integer', fc.integer()],
    ['number', fc.double()],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 })],
    ['object', fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })],
  ];
  const others = candidates.filter(
    ([type]) => !types.includes(type) && !(type === 'integer' && types.includes('number')),
  );
  return fc.oneof(...others.map(([, arbitrary]) => arbitrary));
};

const oversized = (schema: JsonSchema) =>
  fc
    .integer({ min: 1, max: 3 })
    .map((factor) => 'x'.repeat(Math.min((schema.maxLength ?? 1000) * factor + 1, 200_000)));

const badNumber = (schema: JsonSchema) =>
  fc.constantFrom(
    (schema.maximum ?? 1e9) + 1,
    (schema.minimum ?? -1e9) - 1,
    1.5,
    -0,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
  );
