import { categoryNames, useCategories } from '#web/features/categories/api/get-categories.ts';
import { CustomCategoriesProvider } from '#web/features/categories/components/custom-categories-provider.tsx';
import { CategoryIcon } from '#web/features/invoices/components/dashboard/category-icon.tsx';
import { SuppliersScreen } from '#web/features/suppliers/components/suppliers-screen.tsx';
import { SUPPLIERS_MESSAGES } from '#web/features/suppliers/messages.ts';
import { useCan } from '#web/lib/use-can.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

const renderCategoryIcon = (category: string | null) => <CategoryIcon category={category} />;

/** `/fornecedores`: the entities (spec invoice-work §2). */
export function SuppliersPage() {
  return (
    <SignedInFrame
      title={SUPPLIERS_MESSAGES.pageTitle}
      width="wide"
      hasAmountsToggle
      hasBottomNav
      help="fornecedores-e-limites"
    >
      {/* Custom categories: in the form's select, and drawn with their own icon and colour. */}
      <CustomCategoriesProvider>
        <SuppliersScreen
          categoryNames={categoryNames(useCategories().data)}
          renderCategoryIcon={renderCategoryIcon}
          hasSpendingLimits={useCan().can('suppliers.spendingLimits')}
        />
      </CustomCategoriesProvider>
    </SignedInFrame>
  );
}
