// Response schemas several routes document alike (the OpenAPI document, and Fastify's serializer).

/** A documented `{ data: [...] }` answer; other fields of each row are kept as they are. */
export const dataList = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties: { data: { type: 'array', items: { type: 'object', additionalProperties: true, properties } } },
});

/** `{ data: [{ _id, name }] }`: the colleagues an item may be assigned to or a note may mention. */
export const peopleList = dataList({ _id: { type: 'string' }, name: { type: 'string' } });
