// The YAML of an endpoint whose trees are written in place, for test/lib/reader-pass10.test.ts and test/site/reader-pass10.test.ts.

/**
 * An endpoint as an import writes one whose document inlines a `$ref` everywhere (DigitalOcean's
 * `apps_update`): a request carrying an inline object of `count` fields, and a response carrying
 * that object `copies` times; the last copy's first field leaves its type open, and its second
 * field's fields (three levels down) leave theirs open too.
 */
export function inlinedEndpoint(count: number, copies: number): string {
  const object = (indent: string, open: boolean) => {
    const lines = [`${indent}type: object`, `${indent}required: false`, `${indent}fields:`];
    for (let i = 0; i < count; i++) {
      const name = `field_${String(i).padStart(3, '0')}`;
      if (open && i === 0) lines.push(`${indent}  ${name}:`, `${indent}    type: { open: Which type is the first field? }`, `${indent}    required: false`);
      else if (open && i === 1) lines.push(`${indent}  ${name}:`, `${indent}    type: object`, `${indent}    required: false`, `${indent}    fields:`, `${indent}      deep: { type: { open: Which type is the deep field? }, required: false }`);
      else lines.push(`${indent}  ${name}:`, `${indent}    type: string`, `${indent}    required: false`, `${indent}    examples: [value ${i}]`);
    }
    return lines.join('\n');
  };
  const response = Array.from({ length: copies }, (_, k) => `        copy_${k}:\n${object('          ', k === copies - 1)}`).join('\n');
  return `method: PUT
path: /apps
title: Update an app
description: Updates an app.
parameters:
  none: The document declares none.
request:
  schema:
    type: object
    fields:
      spec:
${object('        ', false)}
  content_type: application/json
  required: true
responses:
  "200":
    description: ok
    content_type: application/json
    schema:
      type: object
      fields:
${response}
`;
}
