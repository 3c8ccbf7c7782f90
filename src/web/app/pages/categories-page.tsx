import { CategoriesScreen } from '#web/features/categories/components/categories-screen.tsx';
import { CATEGORIES_MESSAGES } from '#web/features/categories/messages.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

export function CategoriesPage() {
  return (
    <SignedInFrame title={CATEGORIES_MESSAGES.pageTitle}>
      <CategoriesScreen />
    </SignedInFrame>
  );
}
