import { getPlanFeatures, isPlanId, planAccessFor } from '#shared/plans.ts';
import { categoryNames, useCategories } from '#web/features/categories/api/get-categories.ts';
import { CustomCategoriesProvider } from '#web/features/categories/components/custom-categories-provider.tsx';
import { CategoryIcon } from '#web/features/invoices/components/dashboard/category-icon.tsx';
import { useProfile } from '#web/features/profile/api/get-profile.ts';
import { SuppliersScreen } from '#web/features/suppliers/components/suppliers-screen.tsx';
import { SUPPLIERS_MESSAGES } from '#web/features/suppliers/messages.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

const renderCategoryIcon = (category: string | null) => <CategoryIcon category={category} />;

/** Whether the account's plan runs spending limits; false until the profile is in. */
function useHasSpendingLimits(): boolean {
  const profile = useProfile().data;
  if (!profile || !isPlanId(profile.planId)) return false;
  return getPlanFeatures(planAccessFor(profile.planId)).spendingLimits;
}

/** `/fornecedores`: the entities (spec invoice-work §2). */
export function SuppliersPage() {
  return (
    <SignedInFrame title={SUPPLIERS_MESSAGES.pageTitle} width="wide" hasAmountsToggle hasBottomNav>
      {/* Custom categories: in the form's select, and drawn with their own icon and colour. */}
      <CustomCategoriesProvider>
        <SuppliersScreen
          categoryNames={categoryNames(useCategories().data)}
          renderCategoryIcon={renderCategoryIcon}
          hasSpendingLimits={useHasSpendingLimits()}
        />
      </CustomCategoriesProvider>
    </SignedInFrame>
  );
}
