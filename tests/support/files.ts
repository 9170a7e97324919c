import type { FastifyInstance } from 'fastify';
import type { FieldDefinition, FieldGroup } from '../../schemas/module-definition.js';
/** Sample uploads and a multipart body builder shared by the files suites (disk and S3). */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
export const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);

export function multipart(files: { name: string; type: string; bytes: Buffer }[]) {
  const boundary = '----flowforms' + Math.random().toString(16).slice(2);
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A multipart upload to the files route with the caller's headers (`query`: e.g. `?moduleId=…&field=…`). */
export function uploadAs(
  app: FastifyInstance,
  headers: Record<string, string>,
  query: string,
  files: { name: string; type: string; bytes: Buffer }[],
) {
  const m = multipart(files);
  return app.inject({
    method: 'POST',
    url: `/api/form/AWSS3/Upload${query}`,
    headers: { ...headers, 'content-type': m.type },
    payload: m.payload,
  });
}

/** A module with one more section of fields after its own (files, pictures...). */
export function withSection<M extends { fieldGroups: FieldGroup[] }>(base: M, fields: FieldDefinition[]): M {
  return { ...base, fieldGroups: [...base.fieldGroups, { id: 'docs', label: 'Documents', rows: [{ fields }] }] };
}
