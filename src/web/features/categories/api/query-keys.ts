// The account's categories (the ten built-in ones and its custom ones); live updates invalidate it.
export const categoriesQueryKey = ['categories'] as const;
