import { Hono } from 'hono';
import { pino } from 'pino';
import { expect, test } from 'vitest';
import { z } from 'zod';
import { handleError } from './errors.ts';
import { validate } from './validate.ts';

const schema = z.object({
  nome: z.string().trim().min(1, 'Nome é obrigatório'),
  nif: z.string().length(9, 'NIF deve ter 9 caracteres'),
});

const app = new Hono()
  .post('/fornecedores', validate('json', schema), (c) => c.json(c.req.valid('json'), 201))
  .onError((err, c) => handleError(err, c, pino({ level: 'silent' })));

const post = (body: unknown) =>
  app.request('/fornecedores', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

test('valid input reaches the handler parsed by the schema', async () => {
  const res = await post({ nome: '  Padaria Lda ', nif: '501964843' });
  expect(res.status).toBe(201);
  expect(await res.json()).toEqual({ nome: 'Padaria Lda', nif: '501964843' });
});

test('invalid input is refused with the schema messages in the one error shape', async () => {
  const res = await post({ nome: ' ', nif: '123' });
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({
    error: {
      code: 'VALIDATION',
      message: 'Nome é obrigatório',
      issues: [
        { path: 'nome', message: 'Nome é obrigatório' },
        { path: 'nif', message: 'NIF deve ter 9 caracteres' },
      ],
    },
  });
});
