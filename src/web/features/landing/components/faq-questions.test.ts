import { expect, test } from 'vitest';
import { FAQ_ANSWERS } from './faq-answers.tsx';
import { FAQ_GROUPS } from './faq-questions.ts';

test('the FAQ has four groups and every question has exactly one answer', () => {
  expect(FAQ_GROUPS).toHaveLength(4);
  const ids = FAQ_GROUPS.flatMap((group) => group.questions.map((question) => question.id));
  expect(new Set(ids).size).toBe(ids.length);
  expect(Object.keys(FAQ_ANSWERS).sort()).toEqual([...ids].sort());
});
