// One monthly EUR price per paid plan at Stripe, found by its lookup key
// (`papelada_<plan>_monthly`) or created with the catalogue's price (#shared/plans.ts). A price
// whose amount no longer matches the catalogue is replaced: the new one takes the lookup key
// over (transfer_lookup_key), and subscriptions already on the old one keep it until changed.
import type Stripe from 'stripe';
import { isPlanId, PLANS, type PlanId } from '#shared/plans.ts';
import type { PaidPlanId } from './billing-provider.ts';

export function lookupKeyOf(plan: PaidPlanId): string {
  return `papelada_${plan}_monthly`;
}

const LOOKUP_KEY = /^papelada_([a-z0-9_]+)_monthly$/;

/** The plan a price sells, by its lookup key; null for a price that is not ours. */
export function planOfLookupKey(lookupKey: string | null | undefined): PlanId | null {
  const plan = LOOKUP_KEY.exec(lookupKey ?? '')?.[1];
  return isPlanId(plan) && plan !== 'free' ? plan : null;
}

export type PriceCatalogue = { priceIdOf(plan: PaidPlanId): Promise<string> };

function matchesCatalogue(price: Stripe.Price, plan: PaidPlanId): boolean {
  return (
    price.unit_amount === PLANS[plan].priceCents &&
    price.currency === 'eur' &&
    price.recurring?.interval === 'month' &&
    price.recurring.interval_count === 1
  );
}

/** Price ids are remembered per process once found; a failed look-up is tried again next time. */
export function createPriceCatalogue(stripe: Stripe): PriceCatalogue {
  const known = new Map<PaidPlanId, Promise<string>>();

  async function findOrCreate(plan: PaidPlanId): Promise<string> {
    const lookupKey = lookupKeyOf(plan);
    const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    const price = found.data[0];
    if (price && matchesCatalogue(price, plan)) return price.id;
    const created = await stripe.prices.create({
      currency: 'eur',
      unit_amount: PLANS[plan].priceCents,
      recurring: { interval: 'month', interval_count: 1 },
      lookup_key: lookupKey,
      transfer_lookup_key: price !== undefined,
      product_data: { name: `Papelada ${PLANS[plan].name}`, metadata: { plan_id: plan } },
      metadata: { plan_id: plan },
    });
    return created.id;
  }

  return {
    priceIdOf(plan) {
      let priceId = known.get(plan);
      if (!priceId) {
        priceId = findOrCreate(plan);
        known.set(plan, priceId);
        priceId.catch(() => known.delete(plan));
      }
      return priceId;
    },
  };
}
