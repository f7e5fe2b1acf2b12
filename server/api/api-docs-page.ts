/** The /api/docs page: the OpenAPI document as plain HTML, one section per path and method, schemas as field lists. */
import crypto from 'node:crypto';
import { z } from '../../shared/zod';

type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
  additionalProperties?: Schema | boolean;
};

/** The parts of a JSON Schema the page shows; the rest passes through unread. */
const schemaShape: z.ZodType<Schema> = z.lazy(() =>
  z.looseObject({
    $ref: z.string().optional(),
    type: z.union([z.string(), z.array(z.string())]).optional(),
    properties: z.record(z.string(), schemaShape).optional(),
    required: z.array(z.string()).optional(),
    items: schemaShape.optional(),
    anyOf: z.array(schemaShape).optional(),
    oneOf: z.array(schemaShape).optional(),
    allOf: z.array(schemaShape).optional(),
    enum: z.array(z.unknown()).optional(),
    const: z.unknown().optional(),
    description: z.string().optional(),
    additionalProperties: z.union([schemaShape, z.boolean()]).optional(),
  }),
);
const mediaTypes = z.record(z.string(), z.object({ schema: schemaShape.optional() }));
const operationShape = z.object({
  summary: z.string().optional(),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  parameters: z
    .array(
      z.object({
        name: z.string(),
        in: z.string(),
        required: z.boolean().optional(),
        description: z.string().optional(),
        schema: schemaShape.optional(),
      }),
    )
    .optional(),
  requestBody: z.object({ content: mediaTypes.optional(), required: z.boolean().optional() }).optional(),
  responses: z.record(z.string(), z.object({ description: z.string().optional(), content: mediaTypes.optional() })).optional(),
});
/** The parts of the OpenAPI document the page shows, read from swagger's document. */
const documentShape = z.object({
  info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }),
  paths: z.record(z.string(), z.record(z.string(), operationShape)),
  components: z.object({ schemas: z.record(z.string(), schemaShape).optional() }).optional(),
});
type Operation = z.infer<typeof operationShape>;
type MediaTypes = z.infer<typeof mediaTypes>;

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem 1.5rem;color:#1f2328}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2.5rem;border-bottom:1px solid #d0d7de}h3{font-size:1rem;margin:1.5rem 0 .25rem}
h4{font-size:.9rem;margin:.75rem 0 .25rem}section.op{border:1px solid #d0d7de;border-radius:6px;padding:.25rem 1rem .75rem;margin:1rem 0}
.method{display:inline-block;min-width:4.5rem;font-weight:700;text-transform:uppercase}.get{color:#0969da}.post{color:#1a7f37}
.put,.patch{color:#9a6700}.delete{color:#cf222e}code{font:13px ui-monospace,monospace;background:#f6f8fa;padding:0 .2em;border-radius:3px}
ul{margin:.15rem 0;padding-left:1.25rem}.muted{color:#59636e}.lock{font-size:.85rem;color:#9a6700}nav ul{columns:2}`;

/** The page's Content-Security-Policy: nothing but its own inline style, allowed by hash. */
export const API_DOCS_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${crypto.createHash('sha256').update(STYLE).digest('base64')}'`,
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const escape = (text: unknown) =>
  String(text).replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
const code = (text: unknown) => `<code>${escape(text)}</code>`;
const anchor = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, '-');

/** Constraints worth reading next to a type: lengths, counts, patterns, formats. */
function constraints(schema: Schema): string {
  const parts: string[] = [];
  const add = (key: string, label: string) => {
    if (schema[key] !== undefined) parts.push(`${label} ${escape(schema[key])}`);
  };
  add('minLength', 'min length');
  add('maxLength', 'max length');
  add('minItems', 'min items');
  add('maxItems', 'max items');
  add('minimum', 'min');
  add('maximum', 'max');
  add('format', 'format');
  add('contentMediaType', 'media type');
  if (schema.pattern !== undefined) parts.push(`pattern ${code(schema.pattern)}`);
  if (schema.default !== undefined) parts.push(`default ${code(JSON.stringify(schema.default))}`);
  return parts.length ? ` <span class="muted">(${parts.join(', ')})</span>` : '';
}

/** One line for a schema's type, and the nested list of its fields when it has any. */
function describe(schema: Schema | undefined): { type: string; detail: string } {
  if (!schema || Object.keys(schema).length === 0) return { type: 'any', detail: '' };
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    return { type: `<a href="#schema-${anchor(name)}">${escape(name)}</a>`, detail: '' };
  }
  if (schema.const !== undefined) return { type: code(JSON.stringify(schema.const)), detail: '' };
  if (schema.enum) return { type: `one of ${schema.enum.map((value) => code(JSON.stringify(value))).join(', ')}`, detail: '' };
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants) {
    const joiner = schema.allOf ? ' and ' : ' or ';
    const parts = variants.map(describe);
    return { type: parts.map((part) => part.type).join(joiner), detail: parts.map((part) => part.detail).join('') };
  }
  if (schema.type === 'array') {
    const item = describe(schema.items);
    return { type: `array of ${item.type}${constraints(schema)}`, detail: item.detail };
  }
  if (schema.type === 'object' || schema.properties) return { type: `object${constraints(schema)}`, detail: fields(schema) };
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  return { type: `${escape(type)}${constraints(schema)}`, detail: '' };
}

function fields(schema: Schema): string {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return '';
  const required = new Set(schema.required ?? []);
  const items = properties.map(([name, property]) => {
    const { type, detail } = describe(property);
    const note = property.description ? ` — ${escape(property.description)}` : '';
    return `<li>${code(name)}${required.has(name) ? '' : ' <span class="muted">optional</span>'}: ${type}${note}${detail}</li>`;
  });
  return `<ul>${items.join('')}</ul>`;
}

function schemaBlock(schema: Schema | undefined, said?: string): string {
  const { type, detail } = describe(schema);
  const note = schema?.description && !schema.$ref && schema.description !== said ? ` — ${escape(schema.description)}` : '';
  return `<div>${type}${note}${detail}</div>`;
}

/** Each content type's schema; `said` is the reply's description, not repeated for its schema. */
function contentBlocks(content: MediaTypes | undefined, said?: string): string {
  return Object.entries(content ?? {})
    .map(([type, media]) => `<div class="muted">${escape(type)}</div>${schemaBlock(media.schema, said)}`)
    .join('');
}

function operation(path: string, method: string, op: Operation): string {
  const parts = [
    `<section class="op" id="${anchor(`${method}-${path}`)}">`,
    `<h3><span class="method ${method}">${method}</span> ${code(path)}</h3>`,
    op.summary ? `<p>${escape(op.summary)}${op.security?.length ? ' <span class="lock">(admin: bearer token)</span>' : ''}</p>` : '',
    op.description ? `<p class="muted">${escape(op.description)}</p>` : '',
  ];
  if (op.parameters?.length) {
    const rows = op.parameters.map(
      (param) =>
        `<li>${code(param.name)} in ${escape(param.in)}${param.required ? '' : ' <span class="muted">optional</span>'}: ${describe(param.schema).type}${param.description ? ` — ${escape(param.description)}` : ''}</li>`,
    );
    parts.push(`<h4>Parameters</h4><ul>${rows.join('')}</ul>`);
  }
  if (op.requestBody) parts.push(`<h4>Request body</h4>${contentBlocks(op.requestBody.content)}`);
  const responses = Object.entries(op.responses ?? {}).map(
    ([status, response]) =>
      `<li><strong>${escape(status)}</strong> ${escape(response.description ?? '')}${contentBlocks(response.content, response.description)}</li>`,
  );
  if (responses.length) parts.push(`<h4>Replies</h4><ul>${responses.join('')}</ul>`);
  parts.push('</section>');
  return parts.join('');
}

/** The whole page, grouped by the operations' first tag. */
export function renderApiDocs(description: unknown): string {
  const document = documentShape.parse(description);
  const groups = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'Other';
      groups.set(tag, [...(groups.get(tag) ?? []), operation(path, method, op)]);
    }
  }
  const nav = [...groups.keys()].map((tag) => `<li><a href="#${anchor(`tag-${tag}`)}">${escape(tag)}</a></li>`).join('');
  const sections = [...groups.entries()].map(([tag, ops]) => `<h2 id="${anchor(`tag-${tag}`)}">${escape(tag)}</h2>${ops.join('')}`);
  const components = Object.entries(document.components?.schemas ?? {}).map(
    ([name, schema]) => `<h3 id="schema-${anchor(name)}">${escape(name)}</h3>${schemaBlock(schema)}`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(document.info.title)} reference</title><style>${STYLE}</style></head>
<body><h1>${escape(document.info.title)} <span class="muted">v${escape(document.info.version)}</span></h1>
<p>${escape(document.info.description ?? '')}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<nav><ul>${nav}</ul></nav>${sections.join('')}${components.length ? `<h2 id="schemas">Shared schemas</h2>${components.join('')}` : ''}
</body></html>`;
}
